package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class DistributionTest {

  @Test
  void medianSpreadAndCoefficientOfVariation() {
    Distribution d = Distribution.of(List.of(100, 110, 90, 105, 95));
    assertThat(d.n()).isEqualTo(5);
    assertThat(d.median()).isEqualTo(100);
    assertThat(d.min()).isEqualTo(90);
    assertThat(d.max()).isEqualTo(110);
    assertThat(d.mean()).isEqualTo(100);
    // sample standard deviation of {-10..10 step 5} is sqrt(250/4) = 7.906
    assertThat(d.coefficientOfVariation()).isCloseTo(0.07906, within(1e-5));
  }

  @Test
  void evenCountMedianIsTheMidpoint() {
    assertThat(Distribution.of(List.of(1, 2, 3, 10)).median()).isEqualTo(2.5);
  }

  @Test
  void p90LeansToTheTail() {
    Distribution d = Distribution.of(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 100));
    assertThat(d.p90()).isGreaterThan(9).isLessThanOrEqualTo(100);
  }

  @Test
  void oneSampleHasNoSpread() {
    assertThat(Distribution.of(List.of(42.0)).coefficientOfVariation()).isZero();
  }

  @Test
  void noSamplesIsAnError() {
    assertThatThrownBy(() -> Distribution.of(List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
