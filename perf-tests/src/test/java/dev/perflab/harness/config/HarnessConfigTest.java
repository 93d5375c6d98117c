package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where a run's report goes: a comparison's beside the perf run's, unless perflab.report.dir says otherwise. */
class HarnessConfigTest {

  private final Map<String, String> given = new HashMap<>();

  @AfterEach
  void restore() {
    given.forEach((name, value) -> {
      if (value == null) {
        System.clearProperty(name);
      } else {
        System.setProperty(name, value);
      }
    });
  }

  @Test
  void unsetTheComparisonsReportGoesToAFolderOfItsOwnInsideThePerfRuns() {
    assertThat(HarnessConfig.defaultReportDir(null)).isEqualTo(Path.of("target/perf-report"));
    assertThat(HarnessConfig.defaultReportDir(CompareMode.AB)).isEqualTo(Path.of("target/perf-report/comparison-ab"));
    assertThat(HarnessConfig.defaultReportDir(CompareMode.INJECTED_REGRESSION))
        .isEqualTo(Path.of("target/perf-report/comparison-injected-regression"));
  }

  @Test
  void aComparisonRunIsConfiguredWithItsOwnReportDirectory() {
    assumeTrue(System.getenv("PERFLAB_REPORT_DIR") == null, "PERFLAB_REPORT_DIR is set here and wins over the default");
    set("perflab.report.dir", null);
    set("perflab.compare", "aa");

    assertThat(HarnessConfig.load().reportDir()).isEqualTo(Path.of("target/perf-report/comparison-aa"));
  }

  @Test
  void aReportDirectoryGivenWinsForAComparisonAsForAnyRun() {
    set("perflab.compare", "aa");
    set("perflab.report.dir", "target/perf-report");

    assertThat(HarnessConfig.load().reportDir()).isEqualTo(Path.of("target/perf-report"));
  }

  @Test
  void theRunIsAnExperimentAComparisonOrThePerfRunAndNeverTwoAtOnce() {
    set("perflab.compare", null);
    set("perflab.experiment", null);
    assertThat(HarnessConfig.load().kind()).isEqualTo(RunKind.PERF_RUN);
    set("perflab.compare", "aa");
    assertThat(HarnessConfig.load().kind()).isEqualTo(RunKind.COMPARISON);
    set("perflab.experiment", "limits-grid");
    assertThatThrownBy(HarnessConfig::load).hasMessage("-Dperflab.compare and -Dperflab.experiment each run alone;"
        + " choose one");
    set("perflab.compare", null);
    HarnessConfig experiment = HarnessConfig.load();
    assertThat(experiment.kind()).isEqualTo(RunKind.EXPERIMENT);
    assertThat(experiment.kind().jsonFile()).isEqualTo("experiment.json");
  }

  /** Sets a system property (-D) for this test; null clears it. The value before is restored after. */
  private void set(String name, String value) {
    given.putIfAbsent(name, System.getProperty(name));
    if (value == null) {
      System.clearProperty(name);
    } else {
      System.setProperty(name, value);
    }
  }
}
