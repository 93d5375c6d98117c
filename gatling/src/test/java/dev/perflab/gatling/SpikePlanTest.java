package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SpikePlanTest {

  // base 200/s for 10 s, then twice: 1000/s for 3 s, 200/s for 10 s
  private final SpikePlan plan = new SpikePlan(200, 5, 2, Duration.ofSeconds(3), Duration.ofSeconds(10));

  @Test
  void phasesAlternateBurstsAndQuietTime() {
    assertThat(plan.phases()).extracting(SpikePlan.Phase::name)
        .containsExactly("base", "burst 1", "after burst 1", "burst 2", "after burst 2");
    assertThat(plan.phases()).extracting(SpikePlan.Phase::rate).containsExactly(200.0, 1000.0, 200.0, 1000.0, 200.0);
    assertThat(plan.total()).isEqualTo(Duration.ofSeconds(36));
    assertThat(plan.injection()).hasSize(5);
  }

  @Test
  void aRequestsPhaseIsTheOneItWasSentIn() {
    assertThat(plan.phaseAt(Duration.ZERO)).isEqualTo("base");
    assertThat(plan.phaseAt(Duration.ofMillis(9_999))).isEqualTo("base");
    assertThat(plan.phaseAt(Duration.ofSeconds(10))).isEqualTo("burst 1");
    assertThat(plan.phaseAt(Duration.ofSeconds(13))).isEqualTo("after burst 1");
    assertThat(plan.phaseAt(Duration.ofSeconds(25))).isEqualTo("burst 2");
    assertThat(plan.phaseAt(Duration.ofSeconds(35))).isEqualTo("after burst 2");
  }

  @Test
  void requestsSentAfterThePlanCountInTheLastPhase() {
    assertThat(plan.phaseAt(Duration.ofSeconds(40))).isEqualTo("after burst 2");
  }
}
