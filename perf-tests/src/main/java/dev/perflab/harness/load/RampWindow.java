package dev.perflab.harness.load;

import dev.perflab.harness.result.RampSecond;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * A ramp's seconds and its stop rule, apart from the driver so that the arithmetic is checked on given
 * times: each answer and error is booked in the second it arrived, each second summarised alone, and
 * after each second the sliding window of the last {@code windowSeconds} judged against the limits.
 * A request still waiting counts in the window as a latency of its age so far, so that a service that
 * stops answering stops the ramp instead of hiding behind its silence. Not thread-safe: the driver's
 * one event-loop thread uses it.
 */
final class RampWindow {

  private final RampModel model;
  private final long startNanos;
  private final List<Histogram> latencyMicros = new ArrayList<>();
  private final List<long[]> errors = new ArrayList<>();
  private final List<Histogram> lagMicros = new ArrayList<>();
  private final List<RampSecond> seconds = new ArrayList<>();

  RampWindow(RampModel model, long startNanos) {
    this.model = model;
    this.startNanos = startNanos;
  }

  /** The ramp's stop, and why; empty while it goes on. */
  record Stop(String reason, int second) {}

  void answered(long sentNanos, long answeredNanos) {
    latencyAt(answeredNanos).recordValue(Math.min(MeasuredWindow.HIGHEST_TRACKABLE_MICROS,
        Math.max(0, (answeredNanos - sentNanos) / 1000)));
  }

  void failed(long atNanos) {
    slot(errors, atNanos, () -> new long[1])[0]++;
  }

  /** A think timer fired {@code lagNanos} late: the driver's own pace. */
  void lag(long atNanos, long lagNanos) {
    slot(lagMicros, atNanos, RampWindow::histogram).recordValue(Math.min(MeasuredWindow.HIGHEST_TRACKABLE_MICROS,
        Math.max(0, lagNanos / 1000)));
  }

  /**
   * Closes second {@code second} (0-based, from the start) with {@code users} users and the ages of the
   * requests then waiting, and judges the window that ends with it.
   */
  Optional<Stop> closeSecond(int second, int users, long[] waitingAgesNanos) {
    Histogram latency = get(latencyMicros, second, RampWindow::histogram);
    long secondErrors = get(errors, second, () -> new long[1])[0];
    Histogram lag = get(lagMicros, second, RampWindow::histogram);
    Histogram window = histogram();
    long windowErrors = 0;
    for (int s = Math.max(0, second - model.windowSeconds() + 1); s <= second; s++) {
      window.add(get(latencyMicros, s, RampWindow::histogram));
      windowErrors += get(errors, s, () -> new long[1])[0];
    }
    for (long age : waitingAgesNanos) {
      window.recordValue(Math.min(MeasuredWindow.HIGHEST_TRACKABLE_MICROS, age / 1000));
    }
    long windowSent = window.getTotalCount() + windowErrors;
    Double windowP95 = window.getTotalCount() == 0 ? null : window.getValueAtPercentile(95) / 1000.0;
    Double windowErrorRatio = windowSent == 0 ? null : (double) windowErrors / windowSent;
    seconds.add(new RampSecond(second, users, latency.getTotalCount(), secondErrors,
        millis(latency, 50), millis(latency, 95), millis(latency, 99), windowP95, windowErrorRatio,
        lag.getTotalCount() == 0 ? 0 : lag.getValueAtPercentile(99) / 1000.0, waitingAgesNanos.length));
    if (second + 1 < model.windowSeconds()) {
      return Optional.empty();
    }
    if (windowP95 != null && windowP95 > model.stopP95Millis()) {
      return Optional.of(new Stop(String.format(java.util.Locale.ROOT, "p95 over the last %d s %.0f ms > %.0f ms",
          model.windowSeconds(), windowP95, model.stopP95Millis()), second));
    }
    if (windowErrorRatio != null && windowErrorRatio > model.stopErrorRatio()) {
      return Optional.of(new Stop(String.format(java.util.Locale.ROOT, "errors over the last %d s %.1f %% > %.1f %%",
          model.windowSeconds(), windowErrorRatio * 100, model.stopErrorRatio() * 100), second));
    }
    return Optional.empty();
  }

  List<RampSecond> seconds() {
    return List.copyOf(seconds);
  }

  private Histogram latencyAt(long atNanos) {
    return slot(latencyMicros, atNanos, RampWindow::histogram);
  }

  private <T> T slot(List<T> perSecond, long atNanos, java.util.function.Supplier<T> empty) {
    return get(perSecond, (int) Math.max(0, (atNanos - startNanos) / 1_000_000_000L), empty);
  }

  private static <T> T get(List<T> perSecond, int second, java.util.function.Supplier<T> empty) {
    while (perSecond.size() <= second) {
      perSecond.add(empty.get());
    }
    return perSecond.get(second);
  }

  private static Double millis(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? null : histogram.getValueAtPercentile(percentile) / 1000.0;
  }

  private static Histogram histogram() {
    return new Histogram(MeasuredWindow.HIGHEST_TRACKABLE_MICROS, 3);
  }
}
