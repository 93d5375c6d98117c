package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.result.FixedCountResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The fixed-count run against a loopback server: every request sent once, never more than c at a time. */
class FixedCountTest {

  private static final RequestMix HELLO = RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello"));

  @Test
  void everyRequestIsSentExactlyOnceOverAtMostCConnections() throws Exception {
    try (LoopbackServer server = new LoopbackServer(200, concurrency -> 10)) {
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 50, 4, Duration.ofSeconds(30));

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
  void wrongAnswersCountAsErrorsAndTheRunStillEnds() throws Exception {
    try (LoopbackServer server = new LoopbackServer(503, concurrency -> 0)) {
      FixedCountResult result = FixedCount.run(server.address(), HELLO, 10, 2, Duration.ofSeconds(30));

      assertThat(result.completed()).isZero();
      assertThat(result.errors()).isEqualTo(10);
      assertThat(result.errorSamples()).hasSize(5).allSatisfy(sample -> assertThat(sample).contains("answered 503"));
    }
  }
}
