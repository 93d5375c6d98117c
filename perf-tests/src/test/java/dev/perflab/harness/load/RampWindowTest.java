package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.RampSecond;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The ramp's seconds and its stop rule on given times (nanoseconds from 0). */
class RampWindowTest {

  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;
  /** A 3 s window, p95 over 2000 ms or over 1 % errors stops it. */
  private static final RampModel MODEL = new RampModel(1, 2, 100, Duration.ofMillis(500), 3, 2000, 0.01,
      Duration.ofSeconds(60), Duration.ofSeconds(10));

  @Test
  void eachSecondIsSummarisedAloneAndTheWindowOverTheLastSeconds() {
    RampWindow window = new RampWindow(MODEL, 0);
    for (int i = 0; i < 100; i++) {
      window.answered(0, 100 * MS);
      window.answered(S, S + 300 * MS);
    }

    assertThat(window.closeSecond(0, 5, new long[0])).isEmpty();
    assertThat(window.closeSecond(1, 7, new long[0])).isEmpty();

    RampSecond second = window.seconds().get(1);
    assertThat(second.users()).isEqualTo(7);
    assertThat(second.completed()).isEqualTo(100);
    assertThat(second.p95Millis()).isBetween(299.0, 301.0);
    assertThat(second.windowP95Millis()).isBetween(299.0, 301.0);
    assertThat(window.seconds().getFirst().p95Millis()).isBetween(99.0, 101.0);
  }

  @Test
  void aWindowWithItsP95OverTheLimitStopsTheRampOnceTheWindowIsFull() {
    RampWindow window = new RampWindow(MODEL, 0);
    for (int i = 0; i < 10; i++) {
      window.answered(0, 2500 * MS);
    }

    assertThat(window.closeSecond(0, 1, new long[0])).isEmpty();
    assertThat(window.closeSecond(1, 1, new long[0])).isEmpty();
    assertThat(window.closeSecond(2, 1, new long[0])).hasValueSatisfying(stop -> {
      assertThat(stop.second()).isEqualTo(2);
      assertThat(stop.reason()).startsWith("p95 over the last 3 s 25");
    });
  }

  /** No answers at all, every user waiting 3 s: its silence counts as latency, and stops the ramp. */
  @Test
  void requestsStillWaitingCountAtTheirAge() {
    RampWindow window = new RampWindow(MODEL, 0);
    window.closeSecond(0, 10, new long[0]);
    window.closeSecond(1, 10, new long[0]);

    assertThat(window.closeSecond(2, 10, new long[] {3 * S, 3 * S, 3 * S})).hasValueSatisfying(stop ->
        assertThat(stop.reason()).contains("p95"));
    assertThat(window.seconds().get(2).waiting()).isEqualTo(3);
  }

  @Test
  void errorsOverTheRatioStopTheRamp() {
    RampWindow window = new RampWindow(MODEL, 0);
    for (int i = 0; i < 98; i++) {
      window.answered(2 * S, 2 * S + 10 * MS);
    }
    window.failed(2 * S + 5 * MS);
    window.failed(2 * S + 6 * MS);
    window.closeSecond(0, 1, new long[0]);
    window.closeSecond(1, 1, new long[0]);

    assertThat(window.closeSecond(2, 1, new long[0])).hasValueSatisfying(stop ->
        assertThat(stop.reason()).isEqualTo("errors over the last 3 s 2.0 % > 1.0 %"));
    assertThat(window.seconds().get(2).errors()).isEqualTo(2);
  }

  @Test
  void aSecondWhoseTimersFiredLateIsTheDriversNotTheServices() {
    RampWindow window = new RampWindow(MODEL, 0);
    window.lag(100 * MS, 20 * MS);
    window.lag(1100 * MS, 1 * MS);
    window.closeSecond(0, 1, new long[0]);
    window.closeSecond(1, 1, new long[0]);

    assertThat(window.seconds().get(0).generatorLimited()).isTrue();
    assertThat(window.seconds().get(1).generatorLimited()).isFalse();
  }
}
