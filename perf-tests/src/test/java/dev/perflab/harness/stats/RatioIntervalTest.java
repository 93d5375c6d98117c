package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioIntervalTest {

  private static final List<Double> LAUNCHES =
      List.of(1_480.0, 1_510.0, 1_495.0, 1_530.0, 1_470.0, 1_505.0, 1_520.0, 1_490.0, 1_500.0, 1_540.0);

  @Test
  void identicalSamplesHaveARatioOfOneWithOneInside() {
    RatioInterval interval = RatioInterval.of(LAUNCHES, LAUNCHES);
    assertThat(interval.ratio()).isEqualTo(1);
    assertThat(interval.lower()).isLessThan(1);
    assertThat(interval.upper()).isGreaterThan(1);
  }

  @Test
  void samplesWithoutSpreadHaveNoInterval() {
    RatioInterval interval = RatioInterval.of(List.of(7.0, 7.0, 7.0), List.of(14.0, 14.0, 14.0));
    assertThat(interval.ratio()).isEqualTo(2);
    assertThat(interval.lower()).isCloseTo(2, within(1e-12));
    assertThat(interval.upper()).isCloseTo(2, within(1e-12));
    assertThat(interval.confidence()).isEqualTo(0.9, within(1e-12));
  }

  @Test
  void aScaledCandidateHasThatRatioInsideItsInterval() {
    List<Double> slower = LAUNCHES.stream().map(millis -> millis * 1.1).toList();
    RatioInterval interval = RatioInterval.of(LAUNCHES, slower);
    assertThat(interval.ratio()).isCloseTo(1.1, within(1e-12));
    assertThat(interval.lower()).isGreaterThan(1).isLessThan(1.1);
    assertThat(interval.upper()).isGreaterThan(1.1);
  }

  @Test
  void theRatioIsOfMediansWithTheMidpointForAnEvenCount() {
    RatioInterval interval = RatioInterval.of(List.of(1.0, 2.0, 3.0, 10.0), List.of(5.0, 500.0, 5.0));
    assertThat(interval.ratio()).isEqualTo(2);
  }

  @Test
  void theSameSamplesGiveTheSameInterval() {
    List<Double> other = LAUNCHES.stream().map(millis -> millis + 20).toList();
    assertThat(RatioInterval.of(LAUNCHES, other)).isEqualTo(RatioInterval.of(LAUNCHES, other));
  }

  @Test
  void fewerThanThreeSamplesIsAnError() {
    assertThatThrownBy(() -> RatioInterval.of(List.of(1.0, 2.0), LAUNCHES))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseline (A) has 2 sample(s); a ratio of medians needs at least 3 per side");
    assertThatThrownBy(() -> RatioInterval.of(LAUNCHES, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("candidate (B) has 0 sample(s); a ratio of medians needs at least 3 per side");
  }

  @Test
  void aZeroMedianIsAnError() {
    assertThatThrownBy(() -> RatioInterval.of(LAUNCHES, List.of(0.0, 0.0, 3.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("candidate (B) has a sample of 0.0; compared metrics are positive quantities, and a ratio needs"
            + " positive values");
  }

  @Test
  void aNonPositiveSampleIsAnError() {
    assertThatThrownBy(() -> RatioInterval.of(List.of(-1.0, 5.0, 6.0), LAUNCHES))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("baseline (A) has a sample of -1.0; compared metrics are positive quantities");
  }

  @Test
  void aNonFiniteSampleIsAnError() {
    assertThatThrownBy(() -> RatioInterval.of(List.of(5.0, Double.NaN, 6.0), LAUNCHES))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("baseline (A) sample 2 is NaN");
  }

  @Test
  void theRanksGiveTheTabulatedMannWhitneyLevels() {
    // 5 + 5: P(U <= 2) = 4/252, so the 3rd to the 23rd of the 25 log ratios, 96.8 %.
    assertThat(RatioInterval.rank(5, 5)).isEqualTo(new RatioInterval.Rank(3, 1 - 2 * 4.0 / 252));
    // 3 + 3: even the whole range leaves 2 of the 20 arrangements out: 90 %, the most there is.
    assertThat(RatioInterval.rank(3, 3)).isEqualTo(new RatioInterval.Rank(1, 0.9));
    // 10 + 10: the table's critical value 23, so k = 24.
    assertThat(RatioInterval.rank(10, 10).k()).isEqualTo(24);
    assertThat(RatioInterval.rank(10, 10).confidence()).isBetween(0.95, 0.96);
    // Beyond the exact range, the normal approximation lands close to the target.
    assertThat(RatioInterval.rank(50, 50).confidence()).isBetween(0.945, 0.955);
  }

  @Test
  void aAgainstItselfAtFivePerSideExcludesOneAtMostAsOftenAsItsLevelAllows() {
    LogNormalLaunches launches = new LogNormalLaunches(0.04, 7);
    int excluded = 0;
    int comparisons = 4_000;
    for (int i = 0; i < comparisons; i++) {
      RatioInterval interval = RatioInterval.of(launches.draw(5, 4_000), launches.draw(5, 4_000));
      if (interval.lower() > 1 || interval.upper() < 1) {
        excluded++;
      }
    }
    // 3.2 % by construction; 4,000 draws put the observed share within about ±0.6 % of it.
    assertThat(excluded / (double) comparisons).isBetween(0.02, 0.045);
  }
}
