package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesComparisonTest {

  private static final List<Double> MEASURED = List.of(100.0, 120.0, 150.0, 170.0, 200.0);

  @Test
  void aPredictionOffsetByAConstantRanksPerfectlyAndErrsByTheOffset() {
    SeriesComparison comparison = SeriesComparison.of(List.of(110.0, 130.0, 160.0, 180.0, 210.0), MEASURED, 5);
    assertThat(comparison.points()).isEqualTo(5);
    assertThat(comparison.spearman()).isCloseTo(1, within(1e-12));
    assertThat(comparison.meanAbsoluteError()).isCloseTo(10, within(1e-12));
    assertThat(comparison.measuredRange()).isEqualTo(100);
    assertThat(comparison.normalisedMeanAbsoluteError()).isCloseTo(0.1, within(1e-12));
    assertThat(comparison.shapeMeanAbsoluteError()).as("same shape").isCloseTo(0, within(1e-12));
    assertThat(comparison.predictedMovesBeyondNoise()).isTrue();
  }

  @Test
  void aReversedPredictionRanksAtMinusOne() {
    SeriesComparison comparison = SeriesComparison.of(List.of(5.0, 4.0, 3.0, 2.0, 1.0), MEASURED, 0);
    assertThat(comparison.spearman()).isCloseTo(-1, within(1e-12));
    // Scaled: predicted 1, .75, .5, .25, 0 against measured 0, .2, .5, .7, 1.
    assertThat(comparison.shapeMeanAbsoluteError()).isCloseTo((1 + 0.55 + 0 + 0.45 + 1) / 5, within(1e-12));
    assertThat(comparison.pairsApart()).isEqualTo(10);
    assertThat(comparison.pairsInOrder()).isZero();
  }

  /**
   * A service idle at the first mix, then at its quota: the model's plateau at 1.00 is within the noise, and the
   * measurement's 0.99 among its 1.00s costs Spearman's r, while every pair the noise can order is in order but the
   * one the measurement ties.
   */
  @Test
  void aPlateauWithinTheNoiseLowersTheRankButNotThePairsTheNoiseCanOrder() {
    SeriesComparison comparison = SeriesComparison.of(List.of(0.0, 0.97, 1.0, 1.0, 1.0, 1.0),
        List.of(0.0, 0.99, 1.0, 1.0, 0.99, 1.0), 0.012);
    assertThat(comparison.predictedMovesBeyondNoise()).isTrue();
    // Ranks 1, 2, 4.5 x 4 against 1, 2.5, 5, 5, 2.5, 5: r = 11.25 / sqrt(12.5 x 15).
    assertThat(comparison.spearman()).isCloseTo(11.25 / Math.sqrt(12.5 * 15), within(1e-12)).isLessThan(0.9);
    // The idle mix against the other five, and 0.97 against each 1.00: 9 pairs; 0.99 against 0.99 is no order.
    assertThat(comparison.pairsApart()).isEqualTo(9);
    assertThat(comparison.pairsInOrder()).isEqualTo(8);
  }

  /** Ties rank by their average, as Spearman's rho does. */
  @Test
  void tiesAreRankedByTheirAverage() {
    SeriesComparison comparison = SeriesComparison.of(List.of(1.0, 2.0, 2.0, 3.0), List.of(1.0, 2.0, 3.0, 4.0), 0);
    assertThat(comparison.spearman()).isCloseTo(0.9486832980505138, within(1e-12));
  }

  @Test
  void aPredictionThatMovesLessThanTheNoiseIsSaidSo() {
    SeriesComparison comparison = SeriesComparison.of(List.of(150.0, 152.0, 151.0, 153.0, 150.5), MEASURED, 4);
    assertThat(comparison.predictedRange()).isEqualTo(3);
    assertThat(comparison.predictedMovesBeyondNoise()).isFalse();
    assertThat(comparison.pairsApart()).as("no two points further apart than the noise").isZero();
  }

  /** Nothing to scale an error by, nothing to rank: NaN rather than a number that means nothing. */
  @Test
  void aFlatMeasurementLeavesTheScaledErrorAndTheRankCorrelationUndefined() {
    SeriesComparison comparison = SeriesComparison.of(List.of(1.0, 2.0, 3.0), List.of(2.0, 2.0, 2.0), 0.5);
    assertThat(comparison.meanAbsoluteError()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(comparison.normalisedMeanAbsoluteError()).isNaN();
    assertThat(comparison.shapeMeanAbsoluteError()).isNaN();
    assertThat(comparison.spearman()).isNaN();
  }

  @Test
  void seriesOfDifferentLengthsOrNotNumbersAreRefused() {
    assertThatThrownBy(() -> SeriesComparison.of(List.of(1.0, 2.0), List.of(1.0), 0))
        .hasMessage("the predicted series has 2 points, the measured 1");
    assertThatThrownBy(() -> SeriesComparison.of(List.of(1.0, Double.NaN), List.of(1.0, 2.0), 0))
        .hasMessageContaining("point 1 is not a finite number");
    assertThatThrownBy(() -> SeriesComparison.of(List.of(1.0), List.of(1.0), -1)).hasMessageContaining("noise");
  }
}
