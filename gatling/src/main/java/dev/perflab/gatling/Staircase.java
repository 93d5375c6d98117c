package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.incrementUsersPerSec;

import io.gatling.javaapi.core.OpenInjectionStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A rising arrival rate in steps: {@code levels} levels, each {@code step} per second above the
 * previous, held for {@code hold} and joined by linear ramps of {@code ramp}. Injected with
 * Gatling's {@code incrementUsersPerSec}; {@link #rateAt} mirrors how Gatling 3.15 expands it
 * ({@code StairsUsersPerSecCompositeStep}), so the rate recorded at a stop is the rate offered:
 * from a start of 0 each level is ramped to, then held (ramp, hold, ramp, hold, ...); from a
 * start above 0 the first level is held at once, then ramped up from (hold, ramp, hold, ...).
 */
record Staircase(double startRate, double step, int levels, Duration hold, Duration ramp) {

  /** A stretch of the plan: the rate goes linearly from {@code from} to {@code to}. */
  record Segment(double from, double to, Duration duration) {}

  OpenInjectionStep injection() {
    return incrementUsersPerSec(step).times(levels).eachLevelLasting(hold).separatedByRampsLasting(ramp)
        .startingFrom(startRate);
  }

  List<Segment> segments() {
    List<Segment> segments = new ArrayList<>();
    for (int i = 0; i < levels; i++) {
      if (startRate == 0) {
        segments.add(new Segment(i * step, (i + 1) * step, ramp));
        segments.add(new Segment((i + 1) * step, (i + 1) * step, hold));
      } else {
        double level = startRate + i * step;
        segments.add(new Segment(level, level, hold));
        if (i < levels - 1) {
          segments.add(new Segment(level, level + step, ramp));
        }
      }
    }
    return segments;
  }

  Duration total() {
    return segments().stream().map(Segment::duration).reduce(Duration.ZERO, Duration::plus);
  }

  /** Arrivals per second offered at {@code elapsed} since the start; the top rate after the end. */
  double rateAt(Duration elapsed) {
    Duration start = Duration.ZERO;
    List<Segment> segments = segments();
    for (Segment segment : segments) {
      Duration end = start.plus(segment.duration());
      if (elapsed.compareTo(end) < 0) {
        double fraction = (double) elapsed.minus(start).toNanos() / segment.duration().toNanos();
        return segment.from() + (segment.to() - segment.from()) * fraction;
      }
      start = end;
    }
    return segments.getLast().to();
  }
}
