package dev.perflab.harness.load;

import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.PercentilePoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The measured part of an open-loop run, by intended send time: which requests count, their
 * latencies (intended send to answer) over the whole window and per consecutive sub-window, and
 * the rate they were answered at. Apart from the driver ({@link OpenLoop}), so that this arithmetic
 * is checked on given times rather than on how a machine happens to keep time. Not thread-safe: the
 * driver's one event-loop thread uses it.
 */
final class MeasuredWindow {

  static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(5);

  private final long warmupNanos;
  private final long measureNanos;
  private final long windowNanos;
  private final Histogram latencyMicros = new Histogram(HIGHEST_TRACKABLE_MICROS, 3);
  private final List<Histogram> windowMicros = new ArrayList<>();
  private long startNanos;
  private long endNanos;
  private long completed;
  private long lastAnswerNanos = Long.MIN_VALUE;

  /**
   * The histograms are made here, before the run starts, so that the first request is not late
   * for their sake.
   *
   * @param warmup how long after the run starts the measured time begins
   * @param measure how long it lasts, a whole number of {@code window}s
   */
  MeasuredWindow(Duration warmup, Duration measure, Duration window) {
    this.warmupNanos = warmup.toNanos();
    this.measureNanos = measure.toNanos();
    this.windowNanos = window.toNanos();
    for (long i = 0; i < measureNanos / windowNanos; i++) {
      windowMicros.add(new Histogram(HIGHEST_TRACKABLE_MICROS, 3));
    }
  }

  /** The run starts at {@code runStartNanos}, on {@link System#nanoTime()}'s scale; before any other call. */
  void start(long runStartNanos) {
    startNanos = runStartNanos + warmupNanos;
    endNanos = startNanos + measureNanos;
  }

  /** Whether a request due at {@code intendedNanos} is measured. */
  boolean holds(long intendedNanos) {
    return intendedNanos >= startNanos && intendedNanos < endNanos;
  }

  long endNanos() {
    return endNanos;
  }

  /** A measured request answered correctly: its latency goes to the window it was due in, whenever it came. */
  void answered(long intendedNanos, long answeredNanos) {
    if (!holds(intendedNanos)) {
      throw new IllegalArgumentException("a request due at " + intendedNanos + " ns is outside the measured time");
    }
    completed++;
    lastAnswerNanos = Math.max(lastAnswerNanos, answeredNanos);
    long micros = Math.min((answeredNanos - intendedNanos) / 1000, HIGHEST_TRACKABLE_MICROS);
    latencyMicros.recordValue(micros);
    windowMicros.get((int) ((intendedNanos - startNanos) / windowNanos)).recordValue(micros);
  }

  long completed() {
    return completed;
  }

  /**
   * Answers per second: over the measured time, or until the last answer if that came later
   * (a queue draining took longer than the window).
   */
  double achievedRatePerSecond() {
    if (completed == 0) {
      return 0;
    }
    long answeringNanos = Math.max(endNanos, lastAnswerNanos) - startNanos;
    return completed / (answeringNanos / 1e9);
  }

  LatencySummary latency() {
    return LatencySummary.of(latencyMicros);
  }

  List<PercentilePoint> curve() {
    return PercentilePoint.curve(latencyMicros);
  }

  List<LatencySummary> windows() {
    return windowMicros.stream().map(LatencySummary::of).toList();
  }
}
