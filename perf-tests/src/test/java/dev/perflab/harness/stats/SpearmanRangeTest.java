package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;
import org.junit.jupiter.api.Test;

/** The range of Spearman's r over the orders a measurement's noise allows, checked against orders by hand. */
class SpearmanRangeTest {

  private static final double[] RISING = {1, 2, 3, 4, 5, 6};

  @Test
  void withoutNoiseTheRangeIsTheMeasuredR() {
    double[] measured = {10, 30, 20, 40, 60, 50};

    SpearmanRange range = SpearmanRange.of(RISING, measured, 0);

    double r = new SpearmansCorrelation().correlation(RISING, measured);
    assertThat(range.lower()).isCloseTo(r, within(1e-12));
    assertThat(range.upper()).isCloseTo(r, within(1e-12));
  }

  /** 2.0 and 2.5 within 0.6 of each other may swap: r is 1 in the order measured, 0.8 swapped (1 − 6·2/60). */
  @Test
  void twoPointsInsideTheNoiseMayStandEitherWay() {
    SpearmanRange range = SpearmanRange.of(new double[] {1, 2, 3, 4}, new double[] {1, 2, 2.5, 4}, 0.6);

    assertThat(range.lower()).isCloseTo(0.8, within(1e-12));
    assertThat(range.upper()).isCloseTo(1.0, within(1e-12));
  }

  @Test
  void noiseWiderThanTheWholeSeriesAllowsEveryOrder() {
    SpearmanRange range = SpearmanRange.of(RISING, new double[] {5, 6, 5.5, 6.2, 5.1, 5.9}, 10);

    assertThat(range.lower()).isCloseTo(-1, within(1e-12));
    assertThat(range.upper()).isCloseTo(1, within(1e-12));
  }

  /**
   * A plateau: the model's last three mixes rise by little, the measured ones sit within the noise of each other
   * in the wrong order; r 0.77 as measured, but every pair the noise can order is in order, and the best order
   * the noise allows ranks perfectly.
   */
  @Test
  void aPlateauInsideTheNoiseCanRankPerfectly() {
    double[] measured = {100, 200, 300, 420, 410, 405};

    SpearmanRange range = SpearmanRange.of(RISING, measured, 20);

    assertThat(new SpearmansCorrelation().correlation(RISING, measured)).isCloseTo(0.771, within(1e-3));
    assertThat(range.upper()).isCloseTo(1, within(1e-12));
    assertThat(range.lower()).isCloseTo(0.771, within(1e-3));
  }

  /** Tied predictions take their average rank, as Spearman's r does. */
  @Test
  void tiedPredictionsAreRankedAsSpearmansRRanksThem() {
    double[] predicted = {1, 1, 2, 3};
    double[] measured = {1, 2, 3, 4};

    SpearmanRange range = SpearmanRange.of(predicted, measured, 0);

    assertThat(range.lower()).isCloseTo(new SpearmansCorrelation().correlation(predicted, measured), within(1e-12));
  }

  @Test
  void aFlatPredictionHasNoRanks() {
    assertThatThrownBy(() -> SpearmanRange.of(new double[] {2, 2, 2}, new double[] {1, 2, 3}, 0))
        .hasMessageContaining("no ranks");
  }
}
