package dev.perflab.harness.compare;

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
    assertThat(interval).isEqualTo(new RatioInterval(2, 2, 2));
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
        .hasMessage("candidate (B) median is 0.0; a ratio of medians needs positive medians");
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
}
