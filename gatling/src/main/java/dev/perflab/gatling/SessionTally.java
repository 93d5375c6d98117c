package dev.perflab.gatling;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * The counts of a {@link Sessions} run, kept as its virtual users go, from any of Gatling's
 * threads at once: sessions started and completed, each step's requests by outcome with the OK
 * answers' latencies, and the same per second since the first session started.
 */
final class SessionTally {

  private static final long NANOS_PER_SECOND = 1_000_000_000;

  private record StepCounts(LongAdder sent, LongAdder ok, Map<KoCause, LongAdder> ko, Recorder okLatencyMicros) {

    StepCounts() {
      this(new LongAdder(), new LongAdder(), new EnumMap<>(KoCause.class), new Recorder(
          SessionOutcome.LOWEST_LATENCY_MICROS, SessionOutcome.HIGHEST_LATENCY_MICROS, SessionOutcome.LATENCY_DIGITS));
      // Filled once here, read-only after: an EnumMap is then safe from any thread.
      for (KoCause cause : KoCause.values()) {
        ko.put(cause, new LongAdder());
      }
    }
  }

  private record SecondCounts(LongAdder sessionsStarted, LongAdder requestsSent, LongAdder ok, LongAdder ko) {

    SecondCounts() {
      this(new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder());
    }
  }

  private final RunClock clock;
  private final Duration requestTimeout;
  private final LongAdder sessionsStarted = new LongAdder();
  private final LongAdder sessionsCompleted = new LongAdder();
  private final Map<SessionStep, StepCounts> steps = new EnumMap<>(SessionStep.class);
  private final ConcurrentMap<Long, SecondCounts> seconds = new ConcurrentHashMap<>();

  SessionTally(RunClock clock, Duration requestTimeout) {
    this.clock = clock;
    this.requestTimeout = requestTimeout;
    for (SessionStep step : SessionStep.values()) {
      steps.put(step, new StepCounts());
    }
  }

  void sessionStarted() {
    sessionsStarted.increment();
    second(clock.elapsed().toNanos()).sessionsStarted().increment();
  }

  /** A session whose ten requests, its preflights included, were all OK. */
  void sessionCompleted() {
    sessionsCompleted.increment();
  }

  /** Counts a request about to be sent; returns its send time, for {@link #answered}. */
  long sent(SessionStep step) {
    long sentAtNanos = clock.elapsed().toNanos();
    steps.get(step).sent().increment();
    second(sentAtNanos).requestsSent().increment();
    return sentAtNanos;
  }

  /**
   * Counts a request's outcome in its step and in the second it was sent; returns whether it was OK.
   *
   * @param status the answer's status, empty if none came
   * @param responseTimeMillis Gatling's response time, read only when a status came
   * @param bodyValid whether the body held what the step needs
   */
  boolean answered(SessionStep step, long sentAtNanos, OptionalInt status, long responseTimeMillis,
      boolean bodyValid) {
    Duration elapsed = clock.elapsed().minusNanos(sentAtNanos);
    StepCounts counts = steps.get(step);
    SecondCounts second = second(sentAtNanos);
    Optional<KoCause> cause = KoCause.of(step, status, bodyValid, elapsed, requestTimeout);
    if (cause.isPresent()) {
      counts.ko().get(cause.get()).increment();
      second.ko().increment();
      return false;
    }
    counts.ok().increment();
    counts.okLatencyMicros().recordValue(responseTimeMillis * 1_000);
    second.ok().increment();
    return true;
  }

  /** Read once, after the last session ended. */
  SessionOutcome outcome(long plannedSessions) {
    List<SessionOutcome.Step> stepOutcomes = new ArrayList<>();
    steps.forEach((step, counts) -> {
      Map<KoCause, Long> ko = new EnumMap<>(KoCause.class);
      counts.ko().forEach((cause, count) -> ko.put(cause, count.sum()));
      stepOutcomes.add(SessionOutcome.Step.of(step, counts.sent().sum(), counts.ok().sum(), KoCounts.of(ko),
          counts.okLatencyMicros().getIntervalHistogram()));
    });
    long last = seconds.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
    List<SessionOutcome.Second> timeline = new ArrayList<>();
    for (long s = 0; s <= last; s++) {
      SecondCounts counts = seconds.getOrDefault(s, new SecondCounts());
      timeline.add(new SessionOutcome.Second(s, counts.sessionsStarted().sum(), counts.requestsSent().sum(),
          counts.ok().sum(), counts.ko().sum()));
    }
    return new SessionOutcome(plannedSessions, sessionsStarted.sum(), sessionsCompleted.sum(), stepOutcomes,
        timeline);
  }

  private SecondCounts second(long elapsedNanos) {
    return seconds.computeIfAbsent(elapsedNanos / NANOS_PER_SECOND, s -> new SecondCounts());
  }
}
