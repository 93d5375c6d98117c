package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.LatencySummary;
import java.time.Duration;
import java.net.InetSocketAddress;
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

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model, Duration.ofSeconds(1));

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
  void aConnectionTheServerClosesAfterItsAnswerIsLeftForANewOneWithoutAnError() throws Exception {
    // Every answer says "Connection: close", as Tomcat's does after 100 requests on a connection: a user
    // that sent its next request on the closing connection would count the close as the app's error.
    RequestMix closing = RequestMix.single(new RequestSpec("GET", "/closing", null, null, 200, "Hello"));
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 0)) {
      ClosedModel model = new ClosedModel(4, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ZERO,
          Duration.ofSeconds(1));

      ClosedLoadResult result = ClosedLoop.run(server.address(), closing, model, Duration.ofSeconds(1));

      assertThat(result.errors()).as("errors: %s", result.errorSamples()).isZero();
      assertThat(result.completed()).isGreaterThan(20);
    }
  }

  @Test
  void wrongAnswersAreErrorsWithSamples() throws Exception {
    try (LoopbackServer server = new LoopbackServer(500, concurrency -> 0)) {
      ClosedModel model = new ClosedModel(2, Duration.ofMillis(20), ClosedModel.ThinkTime.FIXED, Duration.ZERO,
          Duration.ofSeconds(1));

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model, Duration.ofSeconds(1));

      assertThat(result.completed()).isZero();
      assertThat(result.errors()).isPositive();
      assertThat(result.errorSamples()).isNotEmpty().allSatisfy(sample -> assertThat(sample).contains("answered 500"));
    }
  }

  @Test
  void eachSecondOfTheMeasuredTimeHasItsOwnLatencies() throws Exception {
    // 10 ms per request being served: 2 users, no think time, about 100 answers a second.
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 10 * concurrency)) {
      ClosedModel model = new ClosedModel(2, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ofMillis(200),
          Duration.ofSeconds(2));

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model, Duration.ofSeconds(1));

      assertThat(result.windows()).hasSize(2).allSatisfy(window -> {
        assertThat(window.count()).isPositive();
        assertThat(window.p50Micros()).isGreaterThanOrEqualTo(10_000);
      });
      assertThat(result.windows().stream().mapToLong(LatencySummary::count).sum()).isEqualTo(result.completed());
    }
  }

  @Test
  void classSizesShareTheUsersByWeightAndSumToThem() {
    RequestSpec a = new RequestSpec("GET", "/a", null, null, 200, "Hello");
    RequestSpec b = new RequestSpec("GET", "/b", null, null, 200, "Hello");
    RequestMix twoToThree = new RequestMix(java.util.List.of(new WeightedRequest(2, a), new WeightedRequest(3, b)));
    RequestMix onlyB = new RequestMix(java.util.List.of(new WeightedRequest(0, a), new WeightedRequest(1, b)));
    RequestMix halves = new RequestMix(java.util.List.of(new WeightedRequest(1, a), new WeightedRequest(1, b)));

    assertThat(ClosedLoop.classSizes(twoToThree, 10)).containsExactly(4, 6);
    assertThat(ClosedLoop.classSizes(twoToThree, 7)).containsExactly(3, 4); // 2.8 and 4.2
    assertThat(ClosedLoop.classSizes(onlyB, 5)).containsExactly(0, 5);
    assertThat(ClosedLoop.classSizes(halves, 3)).containsExactly(2, 1); // a tie goes to the earlier request
  }

  @Test
  void aMultiClassRunGivesEachUserOneRequestAndEachRequestItsOwnLatencies() throws Exception {
    // ?slow waits 40 ms, ?fast not: a user of each class, so the slow latencies are its own, not the mix's.
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 0, query -> "slow".equals(query) ? 40 : 0)) {
      RequestMix mix = new RequestMix(java.util.List.of(
          new WeightedRequest(1, new RequestSpec("GET", "/hello?slow", null, null, 200, "Hello")),
          new WeightedRequest(1, new RequestSpec("GET", "/hello?fast", null, null, 200, "Hello"))));
      ClosedModel model = new ClosedModel(2, Duration.ofMillis(10), ClosedModel.ThinkTime.FIXED, Duration.ofMillis(200),
          Duration.ofSeconds(1));

      ClosedLoadResult result = ClosedLoop.runClasses(java.util.List.of(server.address(), server.address()), mix, model,
          Duration.ofSeconds(1));

      assertThat(result.byRequest()).hasSize(2);
      ClosedLoadResult.ByRequest slow = result.byRequest().get(0);
      ClosedLoadResult.ByRequest fast = result.byRequest().get(1);
      assertThat(slow.users()).isEqualTo(1);
      assertThat(slow.latency().p50Micros()).isGreaterThanOrEqualTo(40_000);
      assertThat(fast.latency().p99Micros()).isLessThan(40_000);
      // One user at 40 ms + 10 ms think draws at most 20/s; the other, with nothing to wait for, far more.
      assertThat(slow.completed()).isLessThanOrEqualTo(21);
      assertThat(fast.completed()).isGreaterThan(2 * slow.completed());
      assertThat(slow.completed() + fast.completed()).isEqualTo(result.completed());
    }
  }

  /**
   * 30 % of the requests to one server, 70 % to another that takes 5 ms more: each server sees its own request only,
   * and the answers split as the draws do, 0.3, however faster the first server's users could cycle (users of
   * their own, as {@link ClosedLoop#runClasses} gives them, would send it most of the requests). Each user opens one
   * connection to each server and keeps it.
   */
  @Test
  void drawnRequestsGoEachToItsOwnTargetInTheMixesShareOnOneConnectionPerTargetAndUser() throws Exception {
    try (LoopbackServer first = new LoopbackServer(200, concurrency -> 0);
        LoopbackServer second = new LoopbackServer(200, concurrency -> 5)) {
      RequestMix mix = new RequestMix(java.util.List.of(
          new WeightedRequest(3, new RequestSpec("GET", "/hello?first", null, null, 200, "Hello")),
          new WeightedRequest(7, new RequestSpec("GET", "/hello?second", null, null, 200, "Hello"))));
      ClosedModel model = new ClosedModel(4, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ofMillis(200),
          Duration.ofSeconds(2));

      ClosedLoadResult result = ClosedLoop.runDrawn(java.util.List.of(first.address(), second.address()), mix, model,
          Duration.ofSeconds(1));

      assertThat(result.errors()).as("errors: %s", result.errorSamples()).isZero();
      assertThat(first.queries.keySet()).containsExactly("first");
      assertThat(second.queries.keySet()).containsExactly("second");
      ClosedLoadResult.ByRequest toFirst = result.byRequest().get(0);
      ClosedLoadResult.ByRequest toSecond = result.byRequest().get(1);
      assertThat(toFirst.users()).isNull();
      assertThat(toSecond.latency().p50Micros()).isGreaterThanOrEqualTo(5_000);
      long answers = toFirst.completed() + toSecond.completed();
      assertThat(answers).isEqualTo(result.completed()).isGreaterThan(500);
      // The draws are a binomial sample: four standard deviations either side of 0.3.
      assertThat((double) toFirst.completed() / answers).isCloseTo(0.3, within(4 * Math.sqrt(0.3 * 0.7 / answers)));
      assertThat(first.connections).as("one connection per user at each target").hasSize(4);
      assertThat(second.connections).as("one connection per user at each target").hasSize(4);
    }
  }

  @Test
  void withOneTargetEachUserHoldsOneConnection() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 1)) {
      ClosedModel model = new ClosedModel(3, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ZERO,
          Duration.ofSeconds(1));

      ClosedLoadResult result = ClosedLoop.run(server.address(), HELLO, model, Duration.ofSeconds(1));

      assertThat(result.errors()).isZero();
      assertThat(result.completed()).isGreaterThan(30);
      assertThat(server.connections).hasSize(3);
    }
  }

  @Test
  void aMeasuredTimeThatIsNoWholeNumberOfWindowsIsRefused() {
    ClosedModel model = new ClosedModel(1, Duration.ZERO, ClosedModel.ThinkTime.FIXED, Duration.ZERO,
        Duration.ofMillis(1500));

    assertThatIllegalArgumentException().isThrownBy(() -> ClosedLoop.run(new InetSocketAddress("127.0.0.1", 9), HELLO,
        model, Duration.ofSeconds(1))).withMessageContaining("whole number of windows");
  }

  @Test
  void exponentialThinkTimesHaveTheirMeanAndFixedOnesAreFixed() {
    ClosedModel exponential = new ClosedModel(1, Duration.ofMillis(100), ClosedModel.ThinkTime.EXPONENTIAL,
        Duration.ZERO, Duration.ofSeconds(1));
    SplittableRandom random = new SplittableRandom(7);
    double meanNanos = java.util.stream.IntStream.range(0, 20_000)
        .mapToLong(i -> exponential.nextThinkNanos(random)).average().orElseThrow();

    assertThat(meanNanos).isCloseTo(100e6, within(3e6));
    ClosedModel fixed = new ClosedModel(1, Duration.ofMillis(100), ClosedModel.ThinkTime.FIXED, Duration.ZERO,
        Duration.ofSeconds(1));
    assertThat(fixed.nextThinkNanos(random)).isEqualTo(100_000_000L);
  }
}
