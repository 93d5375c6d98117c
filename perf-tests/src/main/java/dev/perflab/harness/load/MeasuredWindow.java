package dev.perflab.harness.load;

import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.PercentilePoint;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The measured part of a run, by intended send time: which requests count, their latencies
 * (intended send to answer) over the whole window and per consecutive sub-window, and the rate they
 * were answered at. A run of a given length ({@link OpenLoop}, {@link ClosedLoop}) knows its windows
 * beforehand; a run that lasts until its requests are answered ({@link FixedCount}) is {@link
 * #untilEnded open-ended} and adds windows as its requests fall in them. Apart from the drivers, so
 * that this arithmetic is checked on given times rather than on how a machine happens to keep time.
 * Not thread-safe: a driver's one event-loop thread uses it.
 */
final class MeasuredWindow {

  static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(5);

  private final long warmupNanos;
  private final boolean openEnded;
  private long measureNanos;
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
    this(warmup.toNanos(), measure.toNanos(), window, false);
  }

  private MeasuredWindow(long warmupNanos, long measureNanos, Duration window, boolean openEnded) {
    if (window.isZero() || window.isNegative() || measureNanos % window.toNanos() != 0) {
      throw new IllegalArgumentException("the measured " + Duration.ofNanos(measureNanos)
          + " must be a whole number of windows of " + window);
    }
    this.warmupNanos = warmupNanos;
    this.measureNanos = measureNanos;
    this.windowNanos = window.toNanos();
    this.openEnded = openEnded;
    for (long i = 0; i < measureNanos / windowNanos; i++) {
      windowMicros.add(new Histogram(HIGHEST_TRACKABLE_MICROS, 3));
    }
  }

  /** Measured from the run's start until {@link #end}, cut into windows of {@code window}. */
  static MeasuredWindow untilEnded(Duration window) {
    return new MeasuredWindow(0, 0, window, true);
  }

  /** The run starts at {@code runStartNanos}, on {@link System#nanoTime()}'s scale; before any other call. */
  void start(long runStartNanos) {
    startNanos = runStartNanos + warmupNanos;
    endNanos = openEnded ? Long.MAX_VALUE : startNanos + measureNanos;
  }

  /**
   * An open-ended run ended at {@code endedNanos}: its measured time is from its start until then,
   * in windows up to the one that holds it (a second without answers is a window without them).
   */
  void end(long endedNanos) {
    if (!openEnded) {
      throw new IllegalStateException("a run of a given length ends when its measured time does");
    }
    endNanos = Math.max(endedNanos, startNanos);
    measureNanos = endNanos - startNanos;
    windowFor(endNanos - 1);
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
    windowFor(intendedNanos).recordValue(micros);
  }

  /** The window holding {@code nanos}; an open-ended run's windows are added up to it. */
  private Histogram windowFor(long nanos) {
    int index = (int) Math.max(0, (nanos - startNanos) / windowNanos);
    while (openEnded && windowMicros.size() <= index) {
      windowMicros.add(new Histogram(HIGHEST_TRACKABLE_MICROS, 3));
    }
    return windowMicros.get(index);
  }

  long completed() {
    return completed;
  }

  /**
   * Answers per second: over the measured time, or until the last answer if that came later
   * (a queue draining took longer than the window). An open-ended run's, once {@link #end ended}.
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
