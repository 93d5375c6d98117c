package dev.perflab.harness.report;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.stats.PairedRatio;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Why a start got slower or faster: the JVM counters whose B differs from A beyond their noise, per cell. A counter
 * the same on every launch of each side (classes loaded and their bytes usually are) that differs between the sides
 * moved, exactly; any other moved when the 95 % interval of its B/A ratio, from the launches in pairs (or, not
 * launched in pairs, from the two sides' samples), leaves out 1: too few launches for 95 % (under 6 pairs) claim nothing. Explanations, not verdicts: no counter fails a comparison.
 */
public final class WhatChanged {

  /**
   * One counter that moved.
   *
   * @param interval the B/A ratio's interval; null for a counter each side had exactly
   */
  public record Change(Metric metric, double baselineMedian, double candidateMedian, RatioInterval interval) {

    /** "+1214 (+8.1 %)", in the counter's unit. */
    public String describe() {
      double difference = candidateMedian - baselineMedian;
      String amount = metric.unit() == Metric.Unit.COUNT ? String.format(Locale.ROOT, "%+.0f", difference)
          : (difference >= 0 ? "+" : "−") + metric.format(Math.abs(difference));
      return amount + String.format(Locale.ROOT, " (%+.1f %%)", (candidateMedian / baselineMedian - 1) * 100);
    }
  }

  private WhatChanged() {}

  /** The cell's counters that moved; empty where none did, or the launches carried none. */
  public static List<Change> of(CellComparison cell) {
    List<Change> changes = new ArrayList<>();
    for (Metric metric : LaunchSample.JVM_COUNTERS) {
      List<Double> a = cell.baseline().getOrDefault(metric.key(), List.of());
      List<Double> b = cell.candidate().getOrDefault(metric.key(), List.of());
      if (a.isEmpty() || b.isEmpty()) {
        continue;
      }
      double medianA = Distribution.of(a).median();
      double medianB = Distribution.of(b).median();
      if (constant(a) && constant(b)) {
        if (medianA != medianB && medianA > 0) {
          changes.add(new Change(metric, medianA, medianB, null));
        }
      } else if (positive(a) && positive(b)) {
        RatioInterval interval = interval(a, b);
        // Too few launches give an interval short of 95 %: no claim from it.
        if (interval != null && interval.confidence() >= RatioInterval.TARGET_CONFIDENCE
            && (interval.lower() > 1 || interval.upper() < 1)) {
          changes.add(new Change(metric, medianA, medianB, interval));
        }
      }
    }
    return changes;
  }

  /** Paired where the sides launched in pairs, else the two samples' ratio of medians; null with too few. */
  private static RatioInterval interval(List<Double> a, List<Double> b) {
    if (a.size() == b.size() && a.size() >= PairedRatio.MIN_PAIRS) {
      return PairedRatio.of(a, b, RatioInterval.TARGET_CONFIDENCE);
    }
    return a.size() >= RatioInterval.MIN_SAMPLES && b.size() >= RatioInterval.MIN_SAMPLES ? RatioInterval.of(a, b)
        : null;
  }

  private static boolean constant(List<Double> values) {
    return values.stream().distinct().count() == 1;
  }

  private static boolean positive(List<Double> values) {
    return values.stream().allMatch(value -> value > 0);
  }
}
