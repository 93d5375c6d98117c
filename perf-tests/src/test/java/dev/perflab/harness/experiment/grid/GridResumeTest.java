package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.measure.JvmGcLog;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A points folder a grid run wrote before the experiment kinds had one shared sweep (d716c53: the
 * bundled file's smoke scale, two real points of that day, the image's ID stated) resumes under
 * today's code without measuring a point, and its points are recorded again under today's
 * fingerprint, which a comment edited into the file no longer changes.
 */
class GridResumeTest {

  private static final Path FIXTURE = Path.of("src/test/resources/grid-points-d716c53");
  private static final String IMAGE_ID = "sha256:fixture-quarkus-jvm";

  @TempDir
  Path reportDir;

  @Test
  void aPointsFolderWrittenBeforeTheSharedSweepResumesWholly() throws IOException, InterruptedException {
    copyPoints();
    String text = Files.readString(FIXTURE.resolve("limits-grid.yaml"));
    // The catalog of that commit, so a later change to the bundled one (a framework's version, its
    // image's name) does not change what the points were recorded with.
    Catalog catalog = CatalogLoader.load(FIXTURE.resolve("catalog.yaml")).withJvmOption(JvmGcLog.OPTION);
    assertThat(catalog.jdkJavaOptions()).as("the JVM options the fixture's points were recorded with (the GC log"
        + " option is the harness's own, JvmGcLog.OPTION)").isEqualTo(Files.readString(FIXTURE.resolve("jvm-options.txt")));

    Sweep.Outcome<GridData> first = Sweep.run(reportDir, plan(catalog, text));

    assertThat(first.points()).isEqualTo(2);
    assertThat(first.resumedPoints()).isEqualTo(2);
    assertThat(first.data().rows()).extracting(row -> row.cpuLimitCores()).containsOnly(0.5, 1.0);
    assertThat(Files.readAllLines(reportDir.resolve(GridDataset.CSV))).hasSize(first.data().rows().size() + 1);

    Sweep.Outcome<GridData> edited = Sweep.run(reportDir, plan(catalog, "# a comment\n" + text));

    assertThat(edited.resumedPoints()).isEqualTo(2);
    assertThat(edited.data()).isEqualTo(first.data());
  }

  @Test
  void anOpenGridsPointSettingsAreThoseOfTheGridsBeforeTheLoadWasAChoice() throws IOException {
    String text = Files.readString(FIXTURE.resolve("limits-grid.yaml"));
    Catalog catalog = CatalogLoader.load(FIXTURE.resolve("catalog.yaml")).withJvmOption(JvmGcLog.OPTION);
    GridPlan plan = plan(catalog, text);

    JsonNode settings = Json.MAPPER.readTree(plan.settings(plan.planned().points().getFirst()));

    assertThat(settings.propertyStream().map(Map.Entry::getKey).toList()).containsExactly("kind", "scale", "point",
        "repetition", "mix", "warmupRatePerSecond", "maxConnections", "stopWhen", "warmupSeconds", "stepSeconds",
        "ratesPerSecond", "jvmOptions", "image", "labImages");
    assertThat(settings.get("stepSeconds").isInt()).isTrue();
    assertThat(settings.get("ratesPerSecond").toString()).isEqualTo("[250,1000]");
  }

  @Test
  void aClosedGridsPointIsFingerprintedWithItsLoadAndStepsAndMeasuredAgainWhenTheyChange() throws IOException {
    String text = Files.readString(Path.of("../experiments/limits-grid-media.yaml"));
    Catalog catalog = CatalogLoader.bundled().withJvmOption(JvmGcLog.OPTION);
    GridPlan plan = plan(catalog, text);
    GridPoint point = plan.planned().points().getFirst();

    JsonNode settings = Json.MAPPER.readTree(plan.settings(point));

    assertThat(settings.get("load").asText()).isEqualTo("fixed-count");
    assertThat(settings.get("concurrencies").toString()).isEqualTo("[2,8]");
    assertThat(settings.get("requestsPerStep").asInt()).isEqualTo(200);
    assertThat(settings.get("stepTimeoutSeconds").asInt()).isEqualTo(20);
    assertThat(settings.has("ratesPerSecond") || settings.has("stepSeconds")).isFalse();
    GridPlan more = plan(catalog, text.replace("requestsPerStep: 200", "requestsPerStep: 300"));
    assertThat(more.settings(more.planned().points().getFirst())).isNotEqualTo(plan.settings(point));
  }

  private static GridPlan plan(Catalog catalog, String text) {
    LimitsGridSpec spec = StrictYaml.parse(text, "limits-grid.yaml").readBlock("limitsGrid", LimitsGridSpec.class);
    // No lab: a point that did not resume would fail to run, and the test with it.
    return new GridPlan(null, image -> Optional.of(new ImageInfo(image, IMAGE_ID, 1, 1)), catalog, spec,
        "smoke", text);
  }

  private void copyPoints() throws IOException {
    Files.createDirectories(reportDir.resolve("points"));
    try (Stream<Path> files = Files.list(FIXTURE.resolve("points"))) {
      for (Path file : files.toList()) {
        Files.copy(file, reportDir.resolve("points").resolve(file.getFileName()));
      }
    }
  }
}
