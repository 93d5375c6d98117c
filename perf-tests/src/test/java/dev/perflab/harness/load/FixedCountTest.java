package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.FixedCountResult;
import dev.perflab.harness.result.LatencySummary;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The fixed-count run against a loopback server: every request sent once, never more than c at a time,
 * each answer in the window of its send time, and a server that stops answering ends the run at its timeout.
 */
class FixedCountTest {

  private static final RequestMix HELLO = RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));
  private static final Duration WINDOW = Duration.ofMillis(250);

  @Test
  void everyRequestIsSentExactlyOnceOverAtMostCConnections() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 10)) {
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 50, 4, WINDOW, Duration.ofSeconds(30));

      assertThat(server.requests.get()).isEqualTo(50);
      assertThat(server.maxConcurrent.get()).isLessThanOrEqualTo(4);
      assertThat(result.completed()).isEqualTo(50);
      assertThat(result.errors()).isZero();
      assertThat(result.peakInFlight()).isLessThanOrEqualTo(4);
      assertThat(result.latency().p50Micros()).isGreaterThanOrEqualTo(10_000);
      // 50 requests of at least 10 ms over 4 connections take at least 13 rounds.
      assertThat(result.wallSeconds()).isGreaterThanOrEqualTo(0.12);
    }
  }

  @Test
  void aConnectionTheServerClosesAfterItsAnswerIsLeftForANewOneWithoutAnError() throws Exception {
    RequestMix closing = RequestMix.single(new RequestSpec("GET", "/closing", null, null, 200, "Hello"));
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 0)) {
      FixedCountResult result = FixedCount.run(server.address(), closing, 200, 4, WINDOW, Duration.ofSeconds(30));

      assertThat(result.errors()).as("errors: %s", result.errorSamples()).isZero();
      assertThat(result.completed()).isEqualTo(200);
    }
  }

  @Test
  void wrongAnswersCountAsErrorsAndTheRunStillEnds() throws Exception {
    try (LoopbackServer server = new LoopbackServer(503, concurrency -> 0)) {
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 10, 2, WINDOW, Duration.ofSeconds(30));

      assertThat(result.completed()).isZero();
      assertThat(result.errors()).isEqualTo(10);
      assertThat(result.errorSamples()).hasSize(5).allSatisfy(sample -> assertThat(sample).contains("answered 503"));
    }
  }

  @Test
  void itsWindowsCoverItsWallTimeAndHoldEveryAnswer() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 10)) {
      // 100 requests of at least 10 ms over 2 connections: at least half a second, two windows or more.
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 100, 2, WINDOW, Duration.ofSeconds(30));

      assertThat(result.completed()).isEqualTo(100);
      assertThat(result.windows().size()).isGreaterThanOrEqualTo(2)
          .isCloseTo((int) Math.ceil(result.wallSeconds() / 0.25), within(1));
      assertThat(result.windows().stream().mapToLong(LatencySummary::count).sum()).isEqualTo(100);
      assertThat(result.windows().getFirst().p50Micros()).isGreaterThanOrEqualTo(10_000);
      assertThat(result.errorRatio()).isZero();
    }
  }

  @Test
  void aServerThatStopsAnsweringEndsTheRunAtItsTimeoutWithTheRestFailed() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 60_000)) {
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 20, 4, WINDOW, Duration.ofSeconds(1));

      assertThat(result.wallSeconds()).isBetween(1.0, 10.0);
      assertThat(result.completed()).isZero();
      assertThat(result.errors()).isEqualTo(20);
      assertThat(result.errorSamples()).first().asString().contains("no answer within the run's 1 s");
      assertThat(result.windows()).hasSizeGreaterThanOrEqualTo(4).allSatisfy(window -> assertThat(window.count()).isZero());
    }
  }
}
