package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.metric.Metric;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompareSettingsTest {

  private static CompareSettings settings(CompareMode mode, ImageTemplate baseline, List<String> cells, int repetitions) {
    return new CompareSettings(mode, baseline, ImageTemplate.CATALOG, null, cells, repetitions, 1,
        CompareSettings.thresholds(""), false, null, null, null, 0.10, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);
  }

  @Test
  void listedThresholdsReplaceTheirDefaultsOnly() {
    Map<Metric, Double> thresholds = CompareSettings.thresholds("timeToFirstOkMillis=0.03, imageSizeBytes=0.01");
    assertThat(thresholds.get(Metric.TIME_TO_FIRST_OK_MILLIS)).isEqualTo(0.03);
    assertThat(thresholds.get(Metric.IMAGE_SIZE_BYTES)).isEqualTo(0.01);
    assertThat(thresholds.get(Metric.RSS_BYTES_AFTER_WARMUP)).isEqualTo(Metric.RSS_BYTES_AFTER_WARMUP.defaultThreshold());
  }

  @Test
  void theJvmCountersGateOnlyWhenNamed() {
    assertThat(CompareSettings.thresholds("")).doesNotContainKey(Metric.CLASSES_LOADED_AT_FIRST_OK)
        .containsKey(Metric.TIME_TO_FIRST_OK_MILLIS);
    assertThat(CompareSettings.thresholds("classesLoadedAtFirstOk=0.01"))
        .containsEntry(Metric.CLASSES_LOADED_AT_FIRST_OK, 0.01).containsKey(Metric.TIME_TO_FIRST_OK_MILLIS);
    assertThatThrownBy(() -> CompareSettings.thresholds("cpuSecondsUntilReady=0.05"))
        .hasMessageContaining("cannot gate on cpuSecondsUntilReady").hasMessageContaining("classesLoadedAtFirstOk");
  }

  @Test
  void aThresholdOfAnUnknownMetricOrOutOfRangeIsRefused() {
    assertThatThrownBy(() -> CompareSettings.thresholds("startupMillis=0.05")).hasMessageContaining("startupMillis")
        .hasMessageContaining("timeToFirstOkMillis");
    assertThatThrownBy(() -> CompareSettings.thresholds("timeToFirstOkMillis=5")).hasMessageContaining("between 0 and 1");
    assertThatThrownBy(() -> CompareSettings.thresholds("timeToFirstOkMillis")).hasMessageContaining("metric=fraction");
  }

  @Test
  void cellPatternsMatchWholePartsWithStars() {
    CompareSettings settings = settings(CompareMode.AA, ImageTemplate.CATALOG, List.of("quarkus/*/1cpu-512m"), 5);
    assertThat(settings.selects("quarkus/jvm/1cpu-512m")).isTrue();
    assertThat(settings.selects("quarkus/aot/1cpu-512m")).isTrue();
    assertThat(settings.selects("quarkus/jvm/half-cpu-256m")).isFalse();
    assertThat(settings.selects("micronaut/jvm/1cpu-512m")).isFalse();
    assertThat(settings(CompareMode.AA, ImageTemplate.CATALOG, List.of(), 5).selects("anything/at/all")).isTrue();
  }

  @Test
  void anABWithTheSameImagesOnBothSidesIsRefused() {
    assertThatThrownBy(() -> settings(CompareMode.AB, ImageTemplate.CATALOG, List.of(), 5))
        .hasMessageContaining("perflab.compare.baseline").hasMessageContaining("-Dperflab.compare=aa");
  }

  @Test
  void tooFewRepetitionsForAnIntervalAreRefused() {
    assertThatThrownBy(() -> settings(CompareMode.AA, ImageTemplate.CATALOG, List.of(), 2))
        .hasMessageContaining("perflab.compare.repetitions = 2").hasMessageContaining("at least 3");
  }

  @Test
  void anUpgradeNeedsItsAppAndTargetVersion() {
    assertThatThrownBy(() -> settings(CompareMode.UPGRADE, ImageTemplate.CATALOG, List.of(), 5))
        .hasMessageContaining("perflab.upgrade.app").hasMessageContaining("perflab.upgrade.to");
  }

  private static CompareSettings sides(CompareMode mode, String baseline, String candidate, String baselineResults) {
    return new CompareSettings(mode, ImageTemplate.parse(baseline), ImageTemplate.parse(candidate),
        baselineResults == null ? null : Path.of(baselineResults), List.of(), 5, 1, CompareSettings.thresholds(""),
        false, mode == CompareMode.UPGRADE ? "quarkus" : null, null, mode == CompareMode.UPGRADE ? "3.37.2" : null,
        0.10, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);
  }

  @Test
  void aCandidateAgainstARecordedRunIsAccepted() {
    CompareSettings settings = sides(CompareMode.AB, "{image}", "my/rest-json:1.1-jvm", "results.json");
    assertThat(settings.candidate().template()).isEqualTo("my/rest-json:1.1-jvm");
  }

  @Test
  void aSideTheModeWouldNotLaunchIsRefusedNotIgnored() {
    assertThatThrownBy(() -> sides(CompareMode.AA, "{image}", "my/x:2", null))
        .hasMessageContaining("perflab.compare.candidate = my/x:2").hasMessageContaining("A/A")
        .hasMessageContaining("-Dperflab.compare=ab");
    assertThatThrownBy(() -> sides(CompareMode.INJECTED_REGRESSION, "old/{app}:{version}-{mode}", "{image}", null))
        .hasMessageContaining("perflab.compare.baseline = old/{app}:{version}-{mode}")
        .hasMessageContaining("slowed variant");
    assertThatThrownBy(() -> sides(CompareMode.UPGRADE, "{image}", "my/x:2", null))
        .hasMessageContaining("perflab.compare.candidate").hasMessageContaining("perflab.upgrade.to");
    assertThatThrownBy(() -> sides(CompareMode.AA, "{image}", "{image}", "results.json"))
        .hasMessageContaining("perflab.compare.baseline.results").hasMessageContaining("-Dperflab.compare=ab");
  }

  @Test
  void aBaselineOfImagesAndOfARecordedRunTogetherIsRefused() {
    assertThatThrownBy(() -> sides(CompareMode.AB, "old/{app}:1", "{image}", "results.json"))
        .hasMessageContaining("side A is either images or a recorded run");
  }

  @Test
  void aComparisonSettingWithoutAComparisonIsRefused() {
    assertThatThrownBy(() -> sides(null, "{image}", "my/x:2", null))
        .hasMessageContaining("perflab.compare.candidate is set but perflab.compare is not");
    assertThat(sides(null, "{image}", "{image}", null).mode()).isNull();
  }

  @Test
  void aCellNeedsAtLeastAMinute() {
    assertThatThrownBy(() -> new CompareSettings(CompareMode.AA, ImageTemplate.CATALOG, ImageTemplate.CATALOG, null,
        List.of(), 80, 1, CompareSettings.thresholds(""), false, null, null, null, 0.10, false, 3, Duration.ZERO, Explain.NONE))
        .hasMessageContaining("perflab.compare.minutes = 0");
  }

  @Test
  void flightRecordingsNeedBothSidesLaunched() {
    assertThat(Explain.parse(" JFR ")).isEqualTo(Explain.JFR);
    assertThatThrownBy(() -> Explain.parse("async-profiler")).hasMessage(
        "perflab.compare.explain = async-profiler: one of none, jfr");
    assertThatThrownBy(() -> new CompareSettings(CompareMode.AB, ImageTemplate.CATALOG, ImageTemplate.CATALOG,
        Path.of("results.json"), List.of(), 80, 1, CompareSettings.thresholds(""), false, null, null, null, 0.10, false,
        3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.JFR))
        .hasMessageContaining("side A is a recorded run here");
  }

  @Test
  void modesAreParsedByTheirSettingValue() {
    assertThat(CompareMode.parse("injected-regression")).isEqualTo(CompareMode.INJECTED_REGRESSION);
    assertThatThrownBy(() -> CompareMode.parse("abc")).hasMessageContaining("ab, aa, upgrade, injected-regression");
  }
}
