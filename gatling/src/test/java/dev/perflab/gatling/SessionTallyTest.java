package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.gatling.SessionOutcome.Second;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SessionTallyTest {

  private static final long MS = 1_000_000;

  private final AtomicLong now = new AtomicLong(5_000 * MS);
  private final SessionTally tally = new SessionTally(new RunClock(now::get), Duration.ofSeconds(2));

  @Test
  void eachRequestCountsInItsStepAndInTheSecondItWasSent() {
    tally.sessionStarted();
    long created = sendAt(200, SessionStep.CREATE);
    assertThat(answerAt(450, SessionStep.CREATE, created, 201, 250)).isTrue();
    long checked = sendAt(1_600, SessionStep.CHECK);
    // Unanswered for 2.3 s: a timeout, counted in second 1 where it was sent, not in second 3.
    now.set(5_000 * MS + 3_900 * MS);
    assertThat(tally.answered(SessionStep.CHECK, checked, OptionalInt.empty(), 0, true)).isFalse();
    tally.sessionStarted();
    long failed = sendAt(3_950, SessionStep.CREATE);
    assertThat(answerAt(3_990, SessionStep.CREATE, failed, 503, 40)).isFalse();
    tally.sessionCompleted();

    SessionOutcome outcome = tally.outcome(3);
    assertThat(outcome.sessionsStarted()).isEqualTo(2);
    assertThat(outcome.sessionsCompleted()).isEqualTo(1);
    assertThat(outcome.seconds()).containsExactly(new Second(0, 1, 1, 1, 0), new Second(1, 0, 1, 0, 1),
        new Second(2, 0, 0, 0, 0), new Second(3, 1, 1, 0, 1));
    RequestFigures create = outcome.step(SessionStep.CREATE);
    assertThat(create.sent()).isEqualTo(2);
    assertThat(create.ko()).isEqualTo(new KoCounts(0, 1, 0, 0, 0, 0));
    assertThat(create.okLatencyMicros().getTotalCount()).isEqualTo(1);
    assertThat(create.okLatencyMicros().valuesAreEquivalent(create.okLatencyMicros().getMaxValue(), 250_000))
        .as("Gatling's 250 ms, in µs").isTrue();
    assertThat(outcome.step(SessionStep.CHECK).ko().timeout()).isEqualTo(1);
    assertThat(outcome.step(SessionStep.SUBMIT).sent()).isZero();
  }

  private long sendAt(long millisSinceStart, SessionStep step) {
    now.set(5_000 * MS + millisSinceStart * MS);
    return tally.sent(step);
  }

  private boolean answerAt(long millisSinceStart, SessionStep step, long sentAt, int status, long responseMillis) {
    now.set(5_000 * MS + millisSinceStart * MS);
    return tally.answered(step, sentAt, OptionalInt.of(status), responseMillis, true);
  }
}
