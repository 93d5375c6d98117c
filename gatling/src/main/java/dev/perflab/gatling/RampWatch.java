package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.exec;

import io.gatling.javaapi.core.ChainBuilder;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ramp's stop condition at work: times every request into the {@link RecentWindow}, and
 * decides, after each virtual user's pick, whether the load generator must stop. The first
 * breach is kept as the run's {@link RampOutcome}.
 */
final class RampWatch {

  private static final String SENT_AT = "perflab.sentAtNanos";

  private final Staircase plan;
  private final StopCondition condition;
  private final Duration grace;
  private final RecentWindow window;
  private final RunClock clock;
  private final AtomicReference<RampOutcome> stop = new AtomicReference<>();

  /** Nothing is judged during {@code grace}: a cold service's first answers are slow. */
  RampWatch(Staircase plan, StopCondition condition, Duration grace, RecentWindow window, RunClock clock) {
    this.plan = plan;
    this.condition = condition;
    this.grace = grace;
    this.window = window;
    this.clock = clock;
  }

  /**
   * Records {@code request}'s response time, as Gatling measured it, into the window; a request
   * that got no answer (refused, timed out) counts with the time it took to fail. A request
   * that fails marks the virtual user failed: each user sends one pick, so the flag is this
   * request's (a users pick stops after a failed create).
   */
  ChainBuilder timed(ChainBuilder request) {
    return exec(session -> {
      clock.elapsed();
      return session.remove(Contract.RESPONSE_TIME_MILLIS).set(SENT_AT, System.nanoTime());
    }).exec(request).exec(session -> {
      long latencyNanos = session.contains(Contract.RESPONSE_TIME_MILLIS)
          ? session.getLong(Contract.RESPONSE_TIME_MILLIS) * 1_000_000
          : System.nanoTime() - session.getLong(SENT_AT);
      window.record(latencyNanos, session.isFailed());
      return session;
    });
  }

  /**
   * True once: for the virtual user that first finds the condition broken, which then stops the
   * load generator (one stop command; the users still finishing need not send theirs).
   */
  boolean stopsNow() {
    // Read on every call, so the window keeps moving through the grace period too.
    WindowStats stats = window.stats();
    if (stop.get() != null || clock.elapsed().compareTo(grace) < 0) {
      return false;
    }
    return condition.breach(stats).map(reason -> stop.compareAndSet(null, outcome(reason, stats))).orElse(false);
  }

  String stopMessage() {
    RampOutcome outcome = stop.get();
    if (outcome == null) {
      return "Ramp stop condition not met";
    }
    return String.format("Ramp stop condition: %s at %.1f arrivals/s after %.1f s"
        + " (window: %d responses, p95 %.1f ms, %.2f %% errors)", outcome.reason(), outcome.ratePerSecond(),
        outcome.secondsSinceStart(), outcome.window().responses(), outcome.window().p95Millis(),
        outcome.window().errorPercent());
  }

  /** The stop, or, when every level ran, the completed run with its last window. */
  RampOutcome outcome() {
    RampOutcome outcome = stop.get();
    return outcome != null ? outcome : outcome(RampOutcome.COMPLETED, window.stats());
  }

  private RampOutcome outcome(String reason, WindowStats stats) {
    Duration elapsed = clock.elapsed();
    return new RampOutcome(reason, plan.rateAt(elapsed), elapsed.toMillis() / 1_000.0, stats,
        condition.p95LimitMillis(), condition.errorPercentLimit());
  }
}
