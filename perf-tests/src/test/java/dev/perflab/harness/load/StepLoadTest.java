package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.StepResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Each shape of a staircase's step against a loopback server gives the same figures: where it stands
 * on its staircase, what it sent and answered, and its measured time cut into seconds.
 */
class StepLoadTest {

  private static final RequestMix HELLO = RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));

  @Test
  void anOpenStepIsARateWithItsDriversLagAndASecondPerMeasuredSecond() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 1)) {
      StepLoad step = new StepLoad.AtRate(50, Duration.ofMillis(200), Duration.ofSeconds(2), 8);

      StepResult result = step.run(server.address(), HELLO);

      assertThat(step.level()).isEqualTo(50);
      assertThat(step.concurrency()).isNull();
      assertThat(result.seconds()).hasSize(2);
      assertThat(result.requests()).isEqualTo(100);
      assertThat(result.driverLagP99Micros()).isNotNull();
    }
  }

  @Test
  void aFixedCountStepIsItsConcurrencyWithEveryRequestInItsSeconds() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 5)) {
      StepLoad step = new StepLoad.Requests(40, 4, Duration.ofSeconds(10));

      StepResult result = step.run(server.address(), HELLO);

      assertThat(step.level()).isEqualTo(4);
      assertThat(step.offeredRatePerSecond()).isNull();
      assertThat(step.describe()).isEqualTo("concurrency 4");
      assertThat(result.requests()).isEqualTo(40);
      assertThat(result.errorRatio()).isZero();
      assertThat(result.seconds().stream().mapToLong(LatencySummary::count).sum()).isEqualTo(40);
      assertThat(result.driverLagP99Micros()).isNull();
    }
  }

  @Test
  void aUsersStepIsItsPopulationMeasuredAfterItsSettle() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 5)) {
      StepLoad step = new StepLoad.Users(new ClosedModel(2, Duration.ofMillis(10), ClosedModel.ThinkTime.EXPONENTIAL,
          Duration.ofMillis(200), Duration.ofSeconds(2)));

      StepResult result = step.run(server.address(), HELLO);

      assertThat(step.level()).isEqualTo(2);
      assertThat(step.describe()).isEqualTo("2 users");
      assertThat(step.settle()).isEqualTo(Duration.ofMillis(200));
      assertThat(result.measuredSeconds()).isEqualTo(2.0);
      assertThat(result.seconds()).hasSize(2).allSatisfy(second -> assertThat(second.count()).isPositive());
      assertThat(result.requests()).isPositive();
    }
  }
}
