package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StaircaseTest {

  private static Duration s(double seconds) {
    return Duration.ofMillis((long) (seconds * 1000));
  }

  @Test
  void fromARateAboveZeroTheFirstLevelIsHeldAtOnce() {
    // hold 50/s 10 s, ramp 5 s, hold 100/s 10 s, ramp 5 s, hold 150/s 10 s
    Staircase stairs = new Staircase(50, 50, 3, s(10), s(5));
    assertThat(stairs.total()).isEqualTo(s(40));
    assertThat(stairs.rateAt(s(0))).isEqualTo(50);
    assertThat(stairs.rateAt(s(9.9))).isEqualTo(50);
    assertThat(stairs.rateAt(s(12.5))).isCloseTo(75, within(1e-9));
    assertThat(stairs.rateAt(s(15))).isEqualTo(100);
    assertThat(stairs.rateAt(s(27.5))).isCloseTo(125, within(1e-9));
    assertThat(stairs.rateAt(s(30))).isEqualTo(150);
    assertThat(stairs.rateAt(s(39.999))).isEqualTo(150);
    assertThat(stairs.rateAt(s(60))).isEqualTo(150);
  }

  @Test
  void fromZeroEachLevelIsRampedToThenHeld() {
    // ramp 0 to 20/s in 2 s, hold 20/s 3 s, ramp to 40/s in 2 s, hold 40/s 3 s
    Staircase stairs = new Staircase(0, 20, 2, s(3), s(2));
    assertThat(stairs.total()).isEqualTo(s(10));
    assertThat(stairs.rateAt(s(1))).isCloseTo(10, within(1e-9));
    assertThat(stairs.rateAt(s(4))).isEqualTo(20);
    assertThat(stairs.rateAt(s(6))).isCloseTo(30, within(1e-9));
    assertThat(stairs.rateAt(s(9))).isEqualTo(40);
  }
}
