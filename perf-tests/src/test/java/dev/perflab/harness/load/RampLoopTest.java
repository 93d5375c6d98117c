package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.RampResult;
import dev.perflab.harness.result.RampSecond;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The continuous ramp against a loopback server whose answers slow with the requests it holds. */
class RampLoopTest {

  private static final RequestMix HELLO =
      RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));

  /**
   * 40 ms per request held: with users added 20 a second and no think time, the p95 passes 400 ms
   * within seconds, and the ramp stops there on its own, its users still climbing.
   */
  @Test
  void usersClimbUntilTheP95SinceTheStartPassesItsLimit() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 40 * concurrency)) {
      RampModel model = new RampModel(1, 20, 1000, Duration.ZERO, 2, 400, 0.5, Duration.ofSeconds(20),
          Duration.ofSeconds(5));

      RampResult result = RampLoop.run(server.address(), HELLO, model);

      assertThat(result.failed()).isTrue();
      assertThat(result.endReason()).startsWith("p95 since the ramp's start");
      assertThat(result.seconds().size()).isBetween(2, 19);
      assertThat(result.seconds()).extracting(RampSecond::users).isSorted();
      assertThat(result.seconds().getLast().users()).isGreaterThan(result.seconds().getFirst().users());
      assertThat(result.seconds().stream().mapToLong(RampSecond::completed).sum()).isPositive();
    }
  }

  /** Every answer closes its connection, as Tomcat's 100th on one does: each user opens a new one, no error. */
  @Test
  void aConnectionTheServerClosesAfterItsAnswerIsLeftForANewOneWithoutAnError() throws Exception {
    RequestMix closing = RequestMix.single(new RequestSpec("GET", "/closing", null, null, 200, "Hello"));
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 0)) {
      RampModel model = new RampModel(2, 4, 10, Duration.ZERO, 1, 1000, 0.01, Duration.ofSeconds(2),
          Duration.ofSeconds(5));

      RampResult result = RampLoop.run(server.address(), closing, model);

      assertThat(result.failed()).as(result.endReason() + " " + result.errorSamples()).isFalse();
      assertThat(result.seconds().stream().mapToLong(RampSecond::completed).sum()).isGreaterThan(20);
      assertThat(result.seconds()).allSatisfy(second -> assertThat(second.errors()).isZero());
    }
  }

  /** A fast server and a short ramp: it ends on its longest duration, every user added, no error. */
  @Test
  void aRampThatNeverPassesItsLimitsEndsOnItsLongestDuration() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 0)) {
      RampModel model = new RampModel(2, 4, 10, Duration.ofMillis(100), 1, 1000, 0.01, Duration.ofSeconds(3),
          Duration.ofSeconds(5));

      RampResult result = RampLoop.run(server.address(), HELLO, model);

      assertThat(result.failed()).isFalse();
      assertThat(result.endReason()).contains("longest duration");
      assertThat(result.seconds()).hasSize(3);
      assertThat(result.seconds().getLast().users()).isEqualTo(10);
      assertThat(result.seconds()).allSatisfy(second -> assertThat(second.errors()).isZero());
    }
  }
}
