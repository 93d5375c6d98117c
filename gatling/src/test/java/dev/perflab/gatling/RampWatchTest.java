package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RampWatchTest {

  private static final long MS = 1_000_000;

  private final AtomicLong now = new AtomicLong();
  // 100/s for 10 s, ramp 5 s, 200/s for 10 s
  private final Staircase plan = new Staircase(100, 100, 2, Duration.ofSeconds(10), Duration.ofSeconds(5));
  private final RecentWindow window = new RecentWindow(Duration.ofSeconds(2), 8, now::get);
  private final RampWatch watch = new RampWatch(plan, new StopCondition(100, 1, 20), Duration.ofSeconds(5), window,
      new RunClock(now::get));

  /** {@code millis} of responses, one every 10 ms, each judged as a virtual user's pick ends. */
  private boolean respond(long millis, long latencyMillis) {
    boolean stopped = false;
    for (long t = 0; t < millis; t += 10) {
      now.addAndGet(10 * MS);
      window.record(latencyMillis * MS, false);
      stopped |= watch.stopsNow();
    }
    return stopped;
  }

  @Test
  void nothingStopsDuringTheGracePeriod() {
    assertThat(respond(5_000, 900)).isFalse();
    assertThat(watch.outcome().reason()).isEqualTo(RampOutcome.COMPLETED);
  }

  @Test
  void slowAnswersOfTheGracePeriodHaveLeftTheWindowWhenJudgingStarts() {
    assertThat(respond(3_000, 900)).isFalse();
    assertThat(respond(2_000, 5)).isFalse();
    assertThat(respond(5_000, 5)).isFalse();
  }

  @Test
  void stopsOnceOnTheFirstBreachAndKeepsIt() {
    assertThat(respond(8_000, 5)).isFalse();
    assertThat(watch.stopsNow()).isFalse();
    assertThat(respond(1_000, 300)).isTrue();
    assertThat(respond(1_000, 300)).as("later users do not stop it again").isFalse();

    RampOutcome outcome = watch.outcome();
    assertThat(outcome.reason()).isEqualTo(StopCondition.P95);
    assertThat(outcome.ratePerSecond()).isEqualTo(100);
    assertThat(outcome.secondsSinceStart()).isBetween(8.0, 9.0);
    assertThat(outcome.window().p95Millis()).isGreaterThan(100);
    assertThat(watch.stopMessage()).startsWith("Ramp stop condition: p95 at 100.0 arrivals/s after 8.");
  }
}
