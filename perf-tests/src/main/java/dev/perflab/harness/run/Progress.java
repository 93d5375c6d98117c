package dev.perflab.harness.run;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress line between parts: how long the run has taken and about how long it has left. The
 * parts' own estimates ({@link Part#estimate}) are scaled by how the finished parts compared with
 * theirs, so a slow machine's second half is not promised at the reference machine's pace.
 */
final class Progress {

  private final List<Duration> estimates;
  private final LongSupplier nanoTime;
  private final long startNanos;
  private long partStartNanos;
  private Duration estimatedDone = Duration.ZERO;
  private Duration tookDone = Duration.ZERO;

  Progress(List<Duration> estimates, LongSupplier nanoTime) {
    this.estimates = List.copyOf(estimates);
    this.nanoTime = nanoTime;
    this.startNanos = nanoTime.getAsLong();
    this.partStartNanos = startNanos;
  }

  static Progress of(List<Duration> estimates) {
    return new Progress(estimates, System::nanoTime);
  }

  /** "about 18 min". */
  String describeTotal() {
    return "about " + minutes(remainingFrom(0));
  }

  String beforePart(int index) {
    partStartNanos = nanoTime.getAsLong();
    return clock(Duration.ofNanos(partStartNanos - startNanos)) + " into the run, about "
        + minutes(remainingFrom(index)) + " left";
  }

  void partDone(int index) {
    Duration took = Duration.ofNanos(nanoTime.getAsLong() - partStartNanos);
    if (!estimates.get(index).isZero()) {
      tookDone = tookDone.plus(took);
      estimatedDone = estimatedDone.plus(estimates.get(index));
    }
  }

  String afterPart(int index) {
    Duration took = Duration.ofNanos(nanoTime.getAsLong() - partStartNanos);
    return "took " + clock(took) + (index + 1 < estimates.size()
        ? "; about " + minutes(remainingFrom(index + 1)) + " left" : "; the run is done");
  }

  /** The estimates from part {@code index} on, scaled by the finished parts' pace. */
  Duration remainingFrom(int index) {
    Duration left = estimates.subList(index, estimates.size()).stream().reduce(Duration.ZERO, Duration::plus);
    if (estimatedDone.isZero()) {
      return left;
    }
    return Duration.ofMillis(Math.round(left.toMillis() * ((double) tookDone.toMillis() / estimatedDone.toMillis())));
  }

  private static String minutes(Duration duration) {
    long minutes = Math.max(1, Math.round(duration.toSeconds() / 60.0));
    return minutes + " min";
  }

  private static String clock(Duration elapsed) {
    return String.format(Locale.ROOT, "%d min %02d s", elapsed.toMinutes(), elapsed.toSecondsPart());
  }
}
