package dev.perflab.harness.stats;

import static dev.perflab.harness.metric.Metric.Direction.HIGHER_IS_BETTER;
import static dev.perflab.harness.metric.Metric.Direction.LOWER_IS_BETTER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VerdictTest {

  private static final double THRESHOLD = 0.05;

  @Test
  void lowerIsBetterNeedsTheIntervalAboveOneAndTheRatioBeyondTheThreshold() {
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(1.10, 1.06, 1.14, 0.95), THRESHOLD))
        .isEqualTo(Verdict.REGRESSION);
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(0.90, 0.86, 0.94, 0.95), THRESHOLD))
        .isEqualTo(Verdict.IMPROVEMENT);
  }

  @Test
  void aRealButSmallChangeIsNoChange() {
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(1.03, 1.01, 1.05, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(0.97, 0.95, 0.99, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
  }

  @Test
  void aLargeButUncertainChangeIsNoChange() {
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(1.12, 0.98, 1.30, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(0.88, 0.75, 1.01, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
  }

  @Test
  void exactlyAtTheThresholdIsNoChange() {
    assertThat(Verdict.of(LOWER_IS_BETTER, new RatioInterval(1.05, 1.02, 1.08, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
  }

  @Test
  void higherIsBetterIsTheMirror() {
    assertThat(Verdict.of(HIGHER_IS_BETTER, new RatioInterval(0.85, 0.80, 0.90, 0.95), THRESHOLD))
        .isEqualTo(Verdict.REGRESSION);
    assertThat(Verdict.of(HIGHER_IS_BETTER, new RatioInterval(1.15, 1.10, 1.20, 0.95), THRESHOLD))
        .isEqualTo(Verdict.IMPROVEMENT);
    assertThat(Verdict.of(HIGHER_IS_BETTER, new RatioInterval(0.97, 0.95, 0.99, 0.95), THRESHOLD))
        .isEqualTo(Verdict.NO_CHANGE);
  }

  @Test
  void aThresholdIsAFraction() {
    RatioInterval same = new RatioInterval(1, 0.98, 1.02, 0.95);
    assertThatThrownBy(() -> Verdict.of(LOWER_IS_BETTER, same, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a threshold is a fraction between 0 and 1 exclusive (0.05 = 5 %), got 5.0");
    assertThatThrownBy(() -> Verdict.of(LOWER_IS_BETTER, same, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
