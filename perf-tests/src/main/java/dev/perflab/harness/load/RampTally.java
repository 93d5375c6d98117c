package dev.perflab.harness.load;

import dev.perflab.harness.result.RampSecond;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * A ramp's seconds and its stop rule, apart from the driver so that the arithmetic is checked on given
 * times: each answer and error is booked in the second it arrived, each second summarised alone, and
 * after each second everything since the ramp's start judged against the limits ({@link RampModel}: the
 * rule is cumulative, as a load tool's thresholds are). A request still waiting counts in the judged p95
 * as a latency of its age so far, so that a service that stops answering stops the ramp instead of hiding
 * behind its silence. Not thread-safe: the driver's one event-loop thread uses it.
 */
final class RampTally {

  private final RampModel model;
  private final long startNanos;
  private final List<Histogram> latencyMicros = new ArrayList<>();
  private final List<long[]> errors = new ArrayList<>();
  private final List<Histogram> lagMicros = new ArrayList<>();
  private final List<RampSecond> seconds = new ArrayList<>();
  /** Every answer of the seconds closed so far. */
  private final Histogram sinceStartMicros = histogram();
  private long errorsSinceStart;

  RampTally(RampModel model, long startNanos) {
    this.model = model;
    this.startNanos = startNanos;
  }

  /** The ramp's stop, and why; empty while it goes on. */
  record Stop(String reason, int second) {}

  void answered(long sentNanos, long answeredNanos) {
    slot(latencyMicros, answeredNanos, RampTally::histogram).recordValue(micros(answeredNanos - sentNanos));
  }

  void failed(long atNanos) {
    slot(errors, atNanos, () -> new long[1])[0]++;
  }

  /** A think timer fired {@code lagNanos} late: the driver's own pace. */
  void lag(long atNanos, long lagNanos) {
    slot(lagMicros, atNanos, RampTally::histogram).recordValue(micros(lagNanos));
  }

  /**
   * Closes second {@code second} (0-based, from the start) with {@code users} users and the ages of the
   * requests then waiting, and judges everything since the start.
   */
  Optional<Stop> closeSecond(int second, int users, long[] waitingAgesNanos) {
    Histogram latency = get(latencyMicros, second, RampTally::histogram);
    long secondErrors = get(errors, second, () -> new long[1])[0];
    Histogram lag = get(lagMicros, second, RampTally::histogram);
    sinceStartMicros.add(latency);
    errorsSinceStart += secondErrors;
    // Copied only when requests wait: the copy is the whole histogram, each second.
    Histogram judged = waitingAgesNanos.length == 0 ? sinceStartMicros : sinceStartMicros.copy();
    for (long age : waitingAgesNanos) {
      judged.recordValue(micros(age));
    }
    long ended = sinceStartMicros.getTotalCount() + errorsSinceStart;
    Double p95 = judged.getTotalCount() == 0 ? null : judged.getValueAtPercentile(95) / 1000.0;
    Double errorRatio = ended == 0 ? null : (double) errorsSinceStart / ended;
    seconds.add(new RampSecond(second, users, latency.getTotalCount(), secondErrors,
        millis(latency, 50), millis(latency, 95), millis(latency, 99), p95, errorRatio,
        lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99) / 1000.0, waitingAgesNanos.length));
    if (second + 1 < model.stopFromSeconds()) {
      return Optional.empty();
    }
    if (p95 != null && p95 > model.stopP95Millis()) {
      return Optional.of(new Stop(String.format(Locale.ROOT, "p95 since the ramp's start %.0f ms > %.0f ms", p95,
          model.stopP95Millis()), second));
    }
    if (errorRatio != null && errorRatio > model.stopErrorRatio()) {
      return Optional.of(new Stop(String.format(Locale.ROOT, "errors since the ramp's start %.1f %% > %.1f %%",
          errorRatio * 100, model.stopErrorRatio() * 100), second));
    }
    return Optional.empty();
  }

  List<RampSecond> seconds() {
    return List.copyOf(seconds);
  }

  private <T> T slot(List<T> perSecond, long atNanos, Supplier<T> empty) {
    return get(perSecond, (int) Math.max(0, (atNanos - startNanos) / 1_000_000_000L), empty);
  }

  private static <T> T get(List<T> perSecond, int second, Supplier<T> empty) {
    while (perSecond.size() <= second) {
      perSecond.add(empty.get());
    }
    return perSecond.get(second);
  }

  private static long micros(long nanos) {
    return Math.min(MeasuredWindow.HIGHEST_TRACKABLE_MICROS, Math.max(0, nanos / 1000));
  }

  private static Double millis(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? null : histogram.getValueAtPercentile(percentile) / 1000.0;
  }

  private static Histogram histogram() {
    return new Histogram(MeasuredWindow.HIGHEST_TRACKABLE_MICROS, 3);
  }
}
