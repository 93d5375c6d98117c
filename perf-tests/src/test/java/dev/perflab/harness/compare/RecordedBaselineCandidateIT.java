package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.ImageTemplate;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * An A/B against a recorded run launches the candidate it names. It once launched the catalog's image
 * on side B whatever {@code perflab.compare.candidate} said, and its summary named the candidate: a
 * third-party image slowed by 27 % passed as "no regression". Here side B is an image that differs
 * from the catalog's by one label (so its ID differs), and every B launch must have run that ID.
 */
@Tag("smoke")
class RecordedBaselineCandidateIT {

  private static final String CELL = "micronaut/jvm/1cpu-512m";
  private static final String CANDIDATE = "perflab-test/recorded-candidate:1";
  private static final Catalog catalog = CatalogLoader.bundled();
  private static final Images images = new Images(DockerClientFactory.instance().client());

  @TempDir
  static Path dir;

  @BeforeAll
  static void buildTheCandidate() throws IOException, InterruptedException {
    Cell cell = cell();
    Path context = Files.createDirectories(dir.resolve("candidate"));
    Files.writeString(context.resolve("Dockerfile"), "FROM " + cell.image() + "\nLABEL dev.perflab.test=candidate\n");
    docker("build", "--quiet", "--tag", CANDIDATE, context.toString());
  }

  @AfterAll
  static void removeTheCandidate() throws IOException, InterruptedException {
    docker("image", "rm", CANDIDATE);
  }

  @Test
  void everyLaunchOfSideBRanTheCandidate() throws Exception {
    Cell cell = cell();
    String catalogImageId = images.find(cell.image()).orElseThrow().id();
    String candidateImageId = images.find(CANDIDATE).orElseThrow().id();
    assertThat(candidateImageId).isNotEqualTo(catalogImageId);
    Path recorded = recordedRun(cell, catalogImageId);
    HarnessConfig base = HarnessConfig.load();
    CompareSettings settings = new CompareSettings(CompareMode.AB, ImageTemplate.CATALOG, ImageTemplate.parse(CANDIDATE),
        recorded, List.of(CELL), 3, 1, CompareSettings.thresholds(""), true, null, null, null, 0.10, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);
    HarnessConfig config = new HarnessConfig(base.repetitions(), 10, base.readyTimeout(), null, dir.resolve("report"),
        base.projectDir(), base.buildRepetitions(), List.of(), settings, base.experiment(), null, false);

    ComparisonReport report = CompareRun.run(catalog, config,
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir()), images);

    CellComparison compared = report.runs().getFirst().getFirst();
    assertThat(compared.outcome()).as("%s", compared.outcome()).isEqualTo(Outcome.MEASURED);
    assertThat(compared.candidateLaunched().image()).isEqualTo(CANDIDATE);
    assertThat(compared.candidateLaunched().imageId()).isEqualTo(candidateImageId);
    assertThat(compared.candidateLaunched().launches()).isEqualTo(3);
    assertThat(compared.baselineLaunched().imageId()).isEqualTo(catalogImageId);
    assertThat(compared.baselineLaunched().recorded()).isTrue();
    assertThat(report.notes()).noneMatch(note -> note.contains("both sides ran the same image"));
  }

  /** A results.json as a perf run writes it, for the cell on the catalog's image: three launches. */
  private static Path recordedRun(Cell cell, String imageId) throws IOException {
    List<Map<String, Object>> launches = List.of(1000.0, 1010.0, 990.0).stream().map(firstOk -> Map.<String, Object>of(
        "discarded", false, "timeToFirstOkMillis", firstOk, "rssBytesAfterWarmup", 100e6, "imageId", imageId)).toList();
    Map<String, Object> results = Map.of("schema", "perflab-results/6", "environment", Map.of(),
        "cells", List.of(Map.of("cellId", cell.id(), "image", Map.of("image", cell.image(), "id", imageId,
            "sizeBytes", 100e6), "launches", launches)));
    Path file = dir.resolve("results.json");
    Json.MAPPER.writeValue(file.toFile(), results);
    return file;
  }

  private static Cell cell() {
    return catalog.cells().stream().filter(c -> c.id().equals(CELL)).findFirst().orElseThrow();
  }

  private static void docker(String... arguments) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of("docker"));
    command.addAll(List.of(arguments));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("DOCKER_BUILDKIT", "0");
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor()).as("docker %s: %s", String.join(" ", arguments), output).isZero();
  }
}
