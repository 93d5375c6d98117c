package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.metric.Metric;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  /** CV 1.8 %. */
  private static final List<Double> QUIET =
      List.of(980.0, 990.0, 1_000.0, 1_010.0, 1_020.0, 970.0, 1_030.0, 995.0, 1_005.0, 1_000.0);
  /** CV 7.5 %. */
  private static final List<Double> NOISY =
      List.of(900.0, 950.0, 1_000.0, 1_050.0, 1_100.0, 900.0, 950.0, 1_000.0, 1_050.0, 1_100.0);

  private static List<Double> scaled(List<Double> samples, double factor) {
    return samples.stream().map(value -> value * factor).toList();
  }

  @Test
  void identicalSamplesAreNoChange() {
    Comparison comparison = Comparison.of(Metric.RSS_BYTES_AFTER_WARMUP, QUIET, QUIET);
    assertThat(comparison.ratio().ratio()).isEqualTo(1);
    assertThat(comparison.verdict()).isEqualTo(Verdict.NO_CHANGE);
    assertThat(comparison.threshold()).isEqualTo(Metric.RSS_BYTES_AFTER_WARMUP.defaultThreshold());
  }

  @Test
  void tenPercentSlowerIsARegression() {
    Comparison comparison = Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, scaled(QUIET, 1.1));
    assertThat(comparison.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(comparison.baseline().median()).isEqualTo(1_000);
    assertThat(comparison.candidate().median()).isCloseTo(1_100, within(1e-9));
    assertThat(comparison.candidate().n()).isEqualTo(10);
  }

  @Test
  void aSmallerImageIsAnImprovement() {
    Comparison comparison = Comparison.of(Metric.IMAGE_SIZE_BYTES, QUIET, scaled(QUIET, 0.9));
    assertThat(comparison.verdict()).isEqualTo(Verdict.IMPROVEMENT);
  }

  @Test
  void forCapacityADropIsARegressionAndARiseAnImprovement() {
    assertThat(Comparison.of(Metric.CAPACITY_PER_SECOND, QUIET, scaled(QUIET, 0.8)).verdict())
        .isEqualTo(Verdict.REGRESSION);
    assertThat(Comparison.of(Metric.CAPACITY_PER_SECOND, QUIET, scaled(QUIET, 1.2)).verdict())
        .isEqualTo(Verdict.IMPROVEMENT);
  }

  @Test
  void aRealChangeUnderHalfTheThresholdIsNoChange() {
    Comparison comparison = Comparison.of(Metric.P99_AT_FIXED_RATE_MICROS, QUIET, scaled(QUIET, 1.04));
    assertThat(comparison.ratio().lower()).as("the change is real").isGreaterThan(1);
    assertThat(comparison.verdict()).as("but under half of 10 %").isEqualTo(Verdict.NO_CHANGE);
    assertThat(Comparison.of(Metric.P99_AT_FIXED_RATE_MICROS, QUIET, scaled(QUIET, 1.08)).verdict())
        .as("a real change beyond half the threshold").isEqualTo(Verdict.REGRESSION);
  }

  @Test
  void aPairedComparisonIsDecidedByAVerdictOrByRulingOutTheThreshold() {
    Comparison regression = Comparison.paired(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, scaled(QUIET, 1.1), 0.05, 0.95);
    assertThat(regression.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(regression.decided()).isTrue();
    Comparison same = Comparison.paired(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, QUIET, 0.05, 0.95);
    assertThat(same.verdict()).isEqualTo(Verdict.NO_CHANGE);
    assertThat(same.decided()).as("within ±5 %%: %s", same.ratio()).isTrue();
    Comparison noisy = Comparison.paired(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, NOISY, 0.05, 0.95);
    assertThat(noisy.decided()).as("too wide to rule 5 %% out: %s", noisy.ratio()).isFalse();
  }

  @Test
  void theMinimumDetectableEffectUsesBothSidesPooled() {
    Comparison comparison = Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, NOISY, 0.05);
    double pooled = MinimumDetectableEffect.pooledCoefficientOfVariation(comparison.baseline(), comparison.candidate());
    assertThat(comparison.minimumDetectableEffect()).isEqualTo(MinimumDetectableEffect.of(pooled, 10, 10));
    assertThat(comparison.recommendedRepetitionsPerSide())
        .isEqualTo(MinimumDetectableEffect.repetitionsPerSide(pooled, 0.05));
  }

  @Test
  void describesARegressionOnOneLine() {
    Comparison comparison = Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, QUIET, scaled(QUIET, 1.1));
    assertThat(comparison.describe()).isEqualTo(String.format(Locale.ROOT,
        "time to first OK: B/A 1.100 (95.7 %% CI %.3f–%.3f) over 10 + 10 launches, threshold 5 %%: REGRESSION;"
            + " minimum detectable effect 2.8 %%",
        comparison.ratio().lower(), comparison.ratio().upper()));
  }

  @Test
  void describesHowManyRepetitionsWouldDetectTheThresholdWhenTooFewWereRun() {
    Comparison comparison = Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, NOISY, NOISY);
    assertThat(comparison.recommendedRepetitionsPerSide()).isEqualTo(55);
    assertThat(comparison.describe())
        .startsWith("time to first OK: B/A 1.000 (95.7 % CI ")
        .endsWith(") over 10 + 10 launches, threshold 5 %: NO_CHANGE; minimum detectable effect 11.7 %,"
            + " above the threshold: 55 per side would see it");
  }

  @Test
  void aThresholdOutsideZeroToOneIsAnError() {
    assertThatThrownBy(() -> Comparison.of(Metric.RSS_BYTES_AFTER_WARMUP, QUIET, QUIET, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a threshold is a fraction between 0 and 1 exclusive");
  }

  @Test
  void badSamplesAreAnError() {
    assertThatThrownBy(() -> Comparison.of(Metric.RSS_BYTES_AFTER_WARMUP, List.of(1.0, 2.0), QUIET))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseline (A) has 2 sample(s); a ratio of medians needs at least 3 per side");
    assertThatThrownBy(() -> Comparison.of(Metric.RSS_BYTES_AFTER_WARMUP, QUIET, List.of(0.0, 0.0, 0.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("candidate (B) has a sample of 0.0; compared metrics are positive quantities, and a ratio needs"
            + " positive values");
  }

  @Test
  void anExactComparisonHasNoIntervalToWaitFor() {
    Comparison bigger = Comparison.exact(Metric.IMAGE_SIZE_BYTES, 100e6, 103e6, 0.02);
    assertThat(bigger.isExact()).isTrue();
    assertThat(bigger.ratio().lower()).isEqualTo(bigger.ratio().upper()).isEqualTo(1.03, within(1e-12));
    assertThat(bigger.verdict()).isEqualTo(Verdict.REGRESSION);
    assertThat(bigger.describe()).contains("exact").contains("100000000 → 103000000");
    assertThat(Comparison.exact(Metric.IMAGE_SIZE_BYTES, 100e6, 101e6, 0.02).verdict())
        .isEqualTo(Verdict.NO_CHANGE);
    assertThatThrownBy(() -> Comparison.exact(Metric.IMAGE_SIZE_BYTES, 0, 1, 0.02))
        .hasMessageContaining("positive");
  }
}
