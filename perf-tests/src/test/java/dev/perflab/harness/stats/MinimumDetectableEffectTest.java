package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MinimumDetectableEffectTest {

  // (1.959964 + 0.841621) · √(π/2)
  private static final double Z_SUM_TIMES_MEDIAN_FACTOR = 2.801585 * 1.253314;

  @Test
  void followsTheNormalApproximationForMedians() {
    MinimumDetectableEffect mde = MinimumDetectableEffect.of(0.05, 10);
    assertThat(mde.relativeChange()).isCloseTo(Z_SUM_TIMES_MEDIAN_FACTOR * 0.05 * Math.sqrt(2.0 / 10), within(1e-6));
    assertThat(mde.relativeChange()).isCloseTo(0.0785, within(1e-4));
    assertThat(mde.repetitionsA()).isEqualTo(10);
    assertThat(mde.repetitionsB()).isEqualTo(10);
  }

  @Test
  void shrinksWithTheSquareRootOfTheRepetitions() {
    double at10 = MinimumDetectableEffect.of(0.05, 10).relativeChange();
    assertThat(MinimumDetectableEffect.of(0.05, 40).relativeChange()).isCloseTo(at10 / 2, within(1e-12));
    assertThat(MinimumDetectableEffect.of(0.05, 90).relativeChange()).isCloseTo(at10 / 3, within(1e-12));
  }

  @Test
  void growsWithTheNoise() {
    assertThat(MinimumDetectableEffect.of(0.10, 10).relativeChange())
        .isCloseTo(2 * MinimumDetectableEffect.of(0.05, 10).relativeChange(), within(1e-12));
  }

  @Test
  void unequalSidesUseBothCounts() {
    assertThat(MinimumDetectableEffect.of(0.05, 5, 20).relativeChange())
        .isCloseTo(Z_SUM_TIMES_MEDIAN_FACTOR * 0.05 * Math.sqrt(1.0 / 5 + 1.0 / 20), within(1e-6));
  }

  @Test
  void recommendsTheFewestRepetitionsThatDetectTheThreshold() {
    assertThat(MinimumDetectableEffect.repetitionsPerSide(0.05, 0.05)).isEqualTo(25);
    assertThat(MinimumDetectableEffect.of(0.05, 25).detects(0.05)).isTrue();
    assertThat(MinimumDetectableEffect.of(0.05, 24).detects(0.05)).isFalse();
  }

  @Test
  void theRecommendationRoundTrips() {
    for (double cv : new double[] {0.005, 0.01, 0.03, 0.05, 0.08, 0.15, 0.3}) {
      for (double threshold : new double[] {0.02, 0.05, 0.10}) {
        int n = MinimumDetectableEffect.repetitionsPerSide(cv, threshold);
        assertThat(MinimumDetectableEffect.of(cv, n).relativeChange()).as("cv %s, threshold %s", cv, threshold)
            .isLessThanOrEqualTo(threshold);
        if (n > RatioInterval.MIN_SAMPLES) {
          assertThat(MinimumDetectableEffect.of(cv, n - 1).relativeChange()).as("cv %s, threshold %s", cv, threshold)
              .isGreaterThan(threshold);
        }
      }
    }
  }

  @Test
  void neverRecommendsFewerThanAComparisonAccepts() {
    assertThat(MinimumDetectableEffect.repetitionsPerSide(0.001, 0.10)).isEqualTo(3);
    assertThat(MinimumDetectableEffect.repetitionsPerSide(0, 0.10)).isEqualTo(3);
  }

  @Test
  void poolsTheNoiseOfBothSidesByTheirDegreesOfFreedom() {
    Distribution quiet = Distribution.of(List.of(99, 100, 101, 100, 100));
    Distribution noisy = Distribution.of(List.of(90, 100, 110, 95, 105));
    double cvQuiet = quiet.coefficientOfVariation();
    double cvNoisy = noisy.coefficientOfVariation();
    assertThat(MinimumDetectableEffect.pooledCoefficientOfVariation(quiet, noisy))
        .isCloseTo(Math.sqrt((cvQuiet * cvQuiet + cvNoisy * cvNoisy) / 2), within(1e-12))
        .isBetween(cvQuiet, cvNoisy);
    assertThat(MinimumDetectableEffect.of(quiet, noisy).relativeChange()).isEqualTo(
        MinimumDetectableEffect.of(MinimumDetectableEffect.pooledCoefficientOfVariation(quiet, noisy), 5)
            .relativeChange());
  }

  @Test
  void badInputIsAnError() {
    assertThatThrownBy(() -> MinimumDetectableEffect.of(-0.05, 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a coefficient of variation is a finite fraction, 0 or more, got -0.05");
    assertThatThrownBy(() -> MinimumDetectableEffect.of(0.05, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("repetitions must be at least 1 per side, got 0 + 0");
    assertThatThrownBy(() -> MinimumDetectableEffect.repetitionsPerSide(0.05, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a threshold is a fraction between 0 and 1 exclusive");
  }
}
