package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.ImageTemplate;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.report.html.ReportFixture;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A comparison against a recorded perf run writes its report beside that run's, never over it:
 * in the default layout the perf run's files survive; a report directory that would put the two
 * together is refused before anything is deleted.
 */
class ComparisonReportDirTest {

  private static final List<String> PERF_RUN_FILES = List.of("results.json", "summary.md", "index.html");

  /** Stands for the perf-tests module, where relative report directories start. */
  @TempDir
  Path module;

  private Path perfReport;

  @BeforeEach
  void aPerfRunLeftItsReport() throws IOException {
    perfReport = Files.createDirectories(module.resolve(HarnessConfig.defaultReportDir(null)));
    for (String file : PERF_RUN_FILES) {
      Files.writeString(perfReport.resolve(file), "the perf run's " + file);
    }
  }

  @Test
  void inTheDefaultLayoutAComparisonOfThatRunLeavesItsReportAsItWas() throws IOException {
    HarnessConfig config = comparison(module.resolve(HarnessConfig.defaultReportDir(CompareMode.AB)),
        perfReport.resolve("results.json"));

    Runner.prepareReportDir(config);
    writeComparisonReport(config.reportDir());

    assertThat(config.reportDir()).isEqualTo(perfReport.resolve("comparison-ab"));
    assertThat(config.reportDir().resolve("summary.md")).content().startsWith("## perflab A/B comparison");
    assertThat(config.reportDir().resolve("comparison.json")).exists();
    assertThePerfRunsReportIsUntouched();
  }

  @Test
  void aComparisonIntoTheDirectoryOfItsBaselineIsRefusedAndDeletesNothing() {
    Path baseline = perfReport.resolve("results.json");

    assertThatIllegalArgumentException().isThrownBy(() -> Runner.prepareReportDir(comparison(perfReport, baseline)))
        .withMessageStartingWith("perflab.report.dir (PERFLAB_REPORT_DIR) = " + perfReport
            + " is the directory of the baseline this comparison reads, " + baseline)
        .withMessageContaining("Set perflab.report.dir to another directory; unset, a comparison writes into "
            + Path.of("").toAbsolutePath().resolve("target/perf-report/comparison-ab"));
    assertThePerfRunsReportIsUntouched();
  }

  @Test
  void aBaselineOfAnyNameKeepsTheComparisonOutOfItsDirectory() throws IOException {
    Path kept = Files.createDirectories(module.resolve("kept"));
    Path baseline = Files.copy(perfReport.resolve("results.json"), kept.resolve("before-the-upgrade.json"));

    assertThatIllegalArgumentException().isThrownBy(() -> Runner.prepareReportDir(comparison(kept, baseline)))
        .withMessageContaining("is the directory of the baseline this comparison reads, " + baseline);
  }

  @Test
  void aComparisonIntoAnotherPerfRunsReportIsRefusedToo() {
    Path baselineElsewhere = module.resolve("kept/results.json");

    assertThatIllegalArgumentException()
        .isThrownBy(() -> Runner.prepareReportDir(comparison(perfReport, baselineElsewhere)))
        .withMessageContaining(perfReport + " holds a perf run's report, " + perfReport.resolve("results.json"));
    assertThePerfRunsReportIsUntouched();
  }

  @Test
  void aComparisonRemovesItsOwnEarlierReportOnly() throws IOException {
    Path comparisonDir = Files.createDirectories(perfReport.resolve("comparison-aa"));
    for (String file : List.of("comparison.json", "summary.md", "index.html")) {
      Files.writeString(comparisonDir.resolve(file), "an earlier comparison's " + file);
    }

    Runner.prepareReportDir(calibration(comparisonDir));

    assertThat(comparisonDir).isEmptyDirectory();
    assertThePerfRunsReportIsUntouched();
  }

  @Test
  void thePerfRunRemovesEveryEarlierReportInItsDirectory() throws IOException {
    Files.writeString(perfReport.resolve("comparison.json"), "{}");

    Runner.prepareReportDir(perfRun(perfReport));

    assertThat(perfReport).isEmptyDirectory();
  }

  private void assertThePerfRunsReportIsUntouched() {
    for (String file : PERF_RUN_FILES) {
      assertThat(perfReport.resolve(file)).content().isEqualTo("the perf run's " + file);
    }
  }

  /** What Runner writes after the comparison part: its comparison.json, summary.md and index.html. */
  private static void writeComparisonReport(Path dir) throws IOException {
    EnvironmentRecord environment = ReportFixture.environment();
    CellComparison cell = CellComparison.notCompared("quarkus/jvm/1cpu-512m", LaunchedImage.none("results.json"),
        LaunchedImage.none("perflab/quarkus:1-jvm"),
        Map.of(), Outcome.unavailable("not in the recorded baseline"));
    ComparisonPart.Result result = new ComparisonPart.Result(new ComparisonReport(CompareMode.AB, environment,
        80, 10, 0, Map.of(), List.of(), List.of(List.of(cell))));
    ReportFiles.write(new RunReport(result.document(), environment, "./mvnw -Pperf verify", List.of(result)), dir);
  }

  /** An A/B against a recorded run. */
  private static HarnessConfig comparison(Path reportDir, Path baselineResults) {
    return config(reportDir, compare(CompareMode.AB, baselineResults));
  }

  /** An A/A calibration, which reads no recorded run. */
  private static HarnessConfig calibration(Path reportDir) {
    return config(reportDir, compare(CompareMode.AA, null));
  }

  private static HarnessConfig perfRun(Path reportDir) {
    return config(reportDir, compare(null, null));
  }

  private static CompareSettings compare(CompareMode mode, Path baselineResults) {
    return new CompareSettings(mode, ImageTemplate.CATALOG, ImageTemplate.CATALOG, baselineResults, List.of(), 5, 1,
        Map.of(), false, null, null, null, 0.10, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);
  }

  private static HarnessConfig config(Path reportDir, CompareSettings compare) {
    return new HarnessConfig(5, 1000, Duration.ofSeconds(120), Path.of("budgets.yaml"), reportDir, Path.of(".."), 2,
        List.of(), compare, new ExperimentSettings(null, "default"), null, false);
  }
}
