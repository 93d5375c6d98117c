package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.ClosedLoadResult;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The closed model against loopback servers: what holds on any machine, whatever its pace. A user
 * never has two requests in flight, so N users with a delay D and think time T can draw at most
 * N / (D + T) requests a second (Little's law), and no latency is below D.
 */
class ClosedLoopTest {

  private static final RequestMix HELLO = RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));

  @Test
  void nUsersNeverHaveMoreThanNInFlightNorDrawMoreThanLittlesLawAllows() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 50)) {
      ClosedModel model = new ClosedModel(4, Duration.ofMillis(50), ClosedModel.ThinkTime.FIXED, Duration.ofMillis(500),
          Duration.ofSeconds(2));

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model);

      assertThat(server.maxConcurrent.get()).isLessThanOrEqualTo(4);
      assertThat(result.peakInFlight()).isLessThanOrEqualTo(4);
      assertThat(result.errors()).isZero();
      assertThat(result.completed()).isPositive();
      // 4 users / (50 ms + 50 ms) = 40/s at most; the first request of each may come a cycle early.
      assertThat(result.achievedRatePerSecond()).isLessThanOrEqualTo(40 + 4 / 2.0);
      assertThat(result.latency().p50Micros()).isGreaterThanOrEqualTo(50_000);
    }
  }

  @Test
  void wrongAnswersAreErrorsWithSamples() throws Exception {
    try (LoopbackServer server = new LoopbackServer(500, concurrency -> 0)) {
      ClosedModel model = new ClosedModel(2, Duration.ofMillis(20), ClosedModel.ThinkTime.FIXED, Duration.ZERO,
          Duration.ofSeconds(1));

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model);

      assertThat(result.completed()).isZero();
      assertThat(result.errors()).isPositive();
      assertThat(result.errorSamples()).isNotEmpty().allSatisfy(sample -> assertThat(sample).contains("answered 500"));
    }
  }

  @Test
  void theStaircaseStopsAtTheFirstPopulationWhoseP95PassesTheBound() throws Exception {
    // Each request takes 20 ms per request being served: 1 user 20 ms, 2 users 40 ms, 8 users 160 ms.
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 20 * concurrency)) {
      ClosedModel model = new ClosedModel(1, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ofMillis(200),
          Duration.ofSeconds(1));

      UserStaircase.Result result = UserStaircase.run(server.address(), HELLO, model, List.of(1, 2, 8, 16), 100, 0.01);

      assertThat(result.steps()).extracting(ClosedLoadResult::users).containsExactly(1, 2, 8);
      assertThat(result.stoppedBecause()).startsWith("at 8 users: p95 ");
    }
  }

  @Test
  void exponentialThinkTimesHaveTheirMeanAndFixedOnesAreFixed() {
    ClosedModel exponential = new ClosedModel(1, Duration.ofMillis(100), ClosedModel.ThinkTime.EXPONENTIAL,
        Duration.ZERO, Duration.ofSeconds(1));
    SplittableRandom random = new SplittableRandom(7);
    double meanNanos = java.util.stream.IntStream.range(0, 20_000)
        .mapToLong(i -> exponential.nextThinkNanos(random)).average().orElseThrow();

    assertThat(meanNanos).isCloseTo(100e6, within(3e6));
    assertThat(exponential.withUsers(1).distribution()).isEqualTo(ClosedModel.ThinkTime.EXPONENTIAL);
    ClosedModel fixed = new ClosedModel(1, Duration.ofMillis(100), ClosedModel.ThinkTime.FIXED, Duration.ZERO,
        Duration.ofSeconds(1));
    assertThat(fixed.nextThinkNanos(random)).isEqualTo(100_000_000L);
  }
}
