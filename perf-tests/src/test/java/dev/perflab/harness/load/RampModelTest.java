package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When a ramp's users join, with and without the steady plateau before it goes on; no network needed. */
class RampModelTest {

  private static final Duration HALF_SECOND = Duration.ofMillis(500);

  @Test
  void withoutAPlateauUsersJoinAtTheRampsRate() {
    RampModel ramp = new RampModel(10, 20, 4000, HALF_SECOND, 10, 2000, 0.01, Duration.ofSeconds(240),
        Duration.ofSeconds(10));

    assertThat(ramp.joinSeconds(1)).isCloseTo(0.05, within(1e-12));
    assertThat(ramp.joinSeconds(3990)).isCloseTo(199.5, within(1e-9));
    assertThat(ramp.onPlateau(30)).isFalse();
    assertThat(ramp.longestRun()).isEqualTo(Duration.ofSeconds(240));
  }

  /** 10 users, 20 more a second to 500 (24.5 s), held 60 s, then on: the 491st added user joins at 84.55 s. */
  @Test
  void aPlateauHoldsItsUsersThenTheRampGoesOn() {
    RampModel ramp = new RampModel(10, 20, 4000, HALF_SECOND, 10, 2000, 0.01, Duration.ofSeconds(240),
        Duration.ofSeconds(10), 500, Duration.ofSeconds(60));

    assertThat(ramp.joinSeconds(490)).as("the plateau's last user").isCloseTo(24.5, within(1e-9));
    assertThat(ramp.joinSeconds(491)).isCloseTo(24.55 + 60, within(1e-9));
    assertThat(ramp.plateauStartSeconds()).isCloseTo(24.5, within(1e-9));
    assertThat(ramp.onPlateau(24)).as("second 24 to 25: the plateau starts inside it").isFalse();
    assertThat(ramp.onPlateau(25)).isTrue();
    assertThat(ramp.onPlateau(83)).isTrue();
    assertThat(ramp.onPlateau(84)).as("84 to 85: the ramp goes on at 84.5").isFalse();
    assertThat(ramp.longestRun()).as("the plateau does not eat the ramp's time").isEqualTo(Duration.ofSeconds(300));
  }

  @Test
  void aPlateauOutsideTheRampsUsersOrARuleJudgedAfterTheLongestDurationIsRefused() {
    assertThatThrownBy(() -> new RampModel(10, 20, 400, HALF_SECOND, 10, 2000, 0.01, Duration.ofSeconds(240),
        Duration.ofSeconds(10), 500, Duration.ofSeconds(60))).hasMessageContaining("between startUsers and maxUsers");
    assertThatThrownBy(() -> new RampModel(10, 20, 4000, HALF_SECOND, 300, 2000, 0.01, Duration.ofSeconds(240),
        Duration.ofSeconds(10), 500, Duration.ofSeconds(5)))
        .hasMessageContaining("stopFromSeconds 300, maxDuration 240 s");
  }
}
