package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.ImageTemplate;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.report.ComparisonSummary;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.PairedRun;
import dev.perflab.harness.result.StartupExplanation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * The paired comparison end to end at its smallest (three pairs of the fastest cell): both sides'
 * launches in pairs with their order recorded, memory measured in the pairs before the first look,
 * every launch on the image its side names, then one flight-recorded launch a side. The statistics are the unit
 * tests'; this proves the launches feed them as they claim.
 */
@Tag("smoke")
class PairedComparisonIT {

  private static final String CELL = "quarkus/jvm/1cpu-512m";

  @TempDir
  Path dir;

  @Test
  void aCellIsLaunchedInPairsOnTheImagesItsSidesName() throws Exception {
    Catalog catalog = CatalogLoader.bundled();
    Images images = new Images(DockerClientFactory.instance().client());
    HarnessConfig base = HarnessConfig.load();
    CompareSettings settings = new CompareSettings(CompareMode.AA, ImageTemplate.CATALOG, ImageTemplate.CATALOG, null,
        List.of(CELL), 3, 1, CompareSettings.thresholds(""), false, null, null, null, 0.10, false, 3,
        Duration.ofMinutes(3), Explain.JFR);
    HarnessConfig config = new HarnessConfig(base.repetitions(), 10, base.readyTimeout(), null, dir, base.projectDir(),
        base.buildRepetitions(), List.of(), settings, base.experiment(), null, false);

    ComparisonReport report = CompareRun.run(catalog, config,
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir()), images);

    CellComparison cell = report.runs().getFirst().getFirst();
    assertThat(cell.outcome()).as("%s", cell.outcome()).isEqualTo(Outcome.MEASURED);
    PairedRun run = cell.pairedRun();
    assertThat(run.looks()).containsExactly(3);
    assertThat(run.pairs()).isEqualTo(3);
    assertThat(run.order()).hasSize(3).allMatch(order -> order.equals("AB") || order.equals("BA"));
    assertThat(run.stop()).isIn(PairedRun.Stop.MOST_PAIRS, PairedRun.Stop.DECIDED);
    assertThat(cell.baseline().get(Metric.TIME_TO_FIRST_OK_MILLIS.key())).hasSize(3);
    assertThat(cell.candidate().get(Metric.RSS_BYTES_AFTER_WARMUP.key())).hasSize(3);
    String imageId = images.find(catalog.cells().stream().filter(c -> c.id().equals(CELL)).findFirst().orElseThrow()
        .image()).orElseThrow().id();
    assertThat(cell.baselineLaunched().imageId()).isEqualTo(imageId);
    assertThat(cell.candidateLaunched().imageId()).isEqualTo(imageId);
    assertThat(cell.candidateLaunched().launches()).isEqualTo(3);
    assertThat(cell.comparisons()).extracting(c -> c.metric().key())
        .contains(Metric.TIME_TO_FIRST_OK_MILLIS.key(), Metric.RSS_BYTES_AFTER_WARMUP.key());
    // Each side's launches carry the JVM's counters, which the summary reads for what changed; none gates.
    assertThat(cell.baseline().get(Metric.CLASSES_LOADED_AT_FIRST_OK.key())).hasSize(3);
    assertThat(cell.candidate().get(Metric.JIT_COMPILES_AT_FIRST_OK.key())).hasSize(3);
    assertThat(cell.comparisons()).extracting(c -> c.metric()).doesNotContain(Metric.CLASSES_LOADED_AT_FIRST_OK);
    // One more launch a side under JFR, read up to its first OK.
    StartupExplanation explanation = cell.explanation();
    assertThat(explanation.unavailable()).isNull();
    for (StartupExplanation.RecordedSide side : List.of(explanation.baseline(), explanation.candidate())) {
      assertThat(side.executionSamples()).isPositive();
      assertThat(side.allocationSampledBytes()).isPositive();
      assertThat(Path.of(side.recording())).isRegularFile().startsWith(dir);
    }
    assertThat(ComparisonSummary.render(report)).contains("### What changed in the JVM's work", "| " + CELL + " |",
        "### Where the start's work went");
  }
}
