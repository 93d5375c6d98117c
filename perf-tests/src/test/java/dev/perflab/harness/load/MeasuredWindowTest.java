package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.perflab.harness.result.LatencySummary;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The open loop's bookkeeping on given times, as a machine of any speed would produce them: what
 * counts, which window a late answer is charged to, and the achieved rate. {@link OpenLoopTest}
 * drives a real server; these are the exact figures it cannot assert on a busy machine.
 */
class MeasuredWindowTest {

  private static final long SECOND_NANOS = 1_000_000_000L;
  private static final long MILLI_NANOS = 1_000_000L;
  /** The run starts at 0; the measured time after half a second of warm-up, as OpenLoopTest runs it. */
  private static final long START_NANOS = SECOND_NANOS / 2;
  /** 200 requests a second: one due every 5 ms. */
  private static final long INTERVAL_NANOS = 5 * MILLI_NANOS;

  private final MeasuredWindow measured =
      new MeasuredWindow(Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofMillis(500));

  @BeforeEach
  void theRunStarts() {
    measured.start(0);
  }

  @Test
  void onlyRequestsDueWithinTheMeasuredTimeCount() {
    assertThat(measured.holds(START_NANOS - 1)).isFalse();
    assertThat(measured.holds(START_NANOS)).isTrue();
    assertThat(measured.holds(START_NANOS + 2 * SECOND_NANOS - 1)).isTrue();
    assertThat(measured.holds(START_NANOS + 2 * SECOND_NANOS)).isFalse();
    assertThatIllegalArgumentException().isThrownBy(() -> measured.answered(START_NANOS - 1, START_NANOS));
  }

  @Test
  void aStallLandsInTheWindowWhoseRequestsItDelayed() {
    // The server freezes for 300 ms when the request due 1.195 s into the measured time (in the third
    // 500 ms window) arrives; the requests due meanwhile are answered when it thaws, at 1.495 s, and
    // every other request 1 ms after it was due.
    long freezeNanos = START_NANOS + 1_195 * MILLI_NANOS;
    long thawNanos = freezeNanos + 300 * MILLI_NANOS;
    for (long due = START_NANOS; due < START_NANOS + 2 * SECOND_NANOS; due += INTERVAL_NANOS) {
      boolean delayed = due >= freezeNanos && due < thawNanos;
      measured.answered(due, delayed ? thawNanos : due + MILLI_NANOS);
    }

    assertThat(measured.windows()).extracting(LatencySummary::count).containsExactly(100L, 100L, 100L, 100L);
    // The stalled window's p99 is its second-longest wait (due 5 ms after the freeze began), to the
    // histogram's three significant digits; the others' are the 1 ms every request took.
    assertThat(measured.windows().get(2).p99Micros()).isCloseTo(295_000L, withinPercentage(0.1));
    assertThat(measured.windows().get(0).p99Micros()).isEqualTo(1_000L);
    assertThat(measured.windows().get(1).p99Micros()).isEqualTo(1_000L);
    assertThat(measured.windows().get(3).p99Micros()).isEqualTo(1_000L);
    assertThat(measured.latency().p99Micros()).isGreaterThan(100_000);
    assertThat(measured.latency().count()).isEqualTo(400);
  }

  @Test
  void aRequestAnsweredAfterItsWindowIsChargedToTheWindowItWasDueIn() {
    long dueAtTheEndOfTheFirstWindow = START_NANOS + 500 * MILLI_NANOS - INTERVAL_NANOS;
    measured.answered(dueAtTheEndOfTheFirstWindow, START_NANOS + 1_800 * MILLI_NANOS);

    assertThat(measured.windows()).extracting(LatencySummary::count).containsExactly(1L, 0L, 0L, 0L);
  }

  @Test
  void theRateIsOverTheMeasuredTimeOrUntilTheLastAnswerIfThatCameLater() {
    assertThat(measured.achievedRatePerSecond()).isZero();
    for (long due = START_NANOS; due < START_NANOS + 2 * SECOND_NANOS; due += INTERVAL_NANOS) {
      measured.answered(due, due + MILLI_NANOS);
    }
    assertThat(measured.completed()).isEqualTo(400);
    assertThat(measured.achievedRatePerSecond()).isEqualTo(200.0);

    // The last answer half a second after the measured time: a queue took that long to drain.
    measured.answered(START_NANOS + 2 * SECOND_NANOS - INTERVAL_NANOS, START_NANOS + 2_500 * MILLI_NANOS);
    assertThat(measured.achievedRatePerSecond()).isEqualTo(401 / 2.5);
  }

  @Test
  void anOpenEndedRunHasWindowsUntilItEndsAndItsRateOverThatTime() {
    MeasuredWindow untilEnded = MeasuredWindow.untilEnded(Duration.ofMillis(500));
    untilEnded.start(0);

    untilEnded.answered(100 * MILLI_NANOS, 150 * MILLI_NANOS);
    untilEnded.answered(1_200 * MILLI_NANOS, 1_300 * MILLI_NANOS);
    untilEnded.end(2_100 * MILLI_NANOS);

    assertThat(untilEnded.windows()).extracting(LatencySummary::count).containsExactly(1L, 0L, 1L, 0L, 0L);
    assertThat(untilEnded.achievedRatePerSecond()).isCloseTo(2 / 2.1, withinPercentage(0.01));
    assertThat(untilEnded.latency().count()).isEqualTo(2);
  }
}
