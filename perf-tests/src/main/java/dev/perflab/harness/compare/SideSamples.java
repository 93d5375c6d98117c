package dev.perflab.harness.compare;

import dev.perflab.harness.measure.LaunchSample;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One side's samples per compared metric, collected launch by launch. */
final class SideSamples {

  private final Map<ComparedMetric, List<Double>> samples = new EnumMap<>(ComparedMetric.class);

  void add(LaunchSample launch) {
    for (ComparedMetric metric : ComparedMetric.values()) {
      metric.launchMetric().flatMap(launchMetric -> launchMetric.of(launch)).ifPresent(value -> add(metric, value));
    }
  }

  void add(ComparedMetric metric, double value) {
    samples.computeIfAbsent(metric, m -> new ArrayList<>()).add(value);
  }

  List<Double> of(ComparedMetric metric) {
    return samples.getOrDefault(metric, List.of());
  }

  /** For results: keyed by {@link ComparedMetric#key()}, in the enum's order. */
  Map<String, List<Double>> byKey() {
    Map<String, List<Double>> byKey = new LinkedHashMap<>();
    samples.forEach((metric, values) -> byKey.put(metric.key(), List.copyOf(values)));
    return byKey;
  }

  /**
   * A comparison per metric both sides have samples of: a ratio with its interval where both have
   * the repetitions for one, an exact ratio for a single noiseless value (an image's size).
   */
  static List<Comparison> compare(SideSamples a, SideSamples b, CompareSettings settings) {
    List<Comparison> comparisons = new ArrayList<>();
    for (ComparedMetric metric : ComparedMetric.values()) {
      List<Double> baseline = a.of(metric);
      List<Double> candidate = b.of(metric);
      double threshold = settings.threshold(metric);
      if (metric == ComparedMetric.IMAGE_SIZE_BYTES && baseline.size() == 1 && candidate.size() == 1) {
        comparisons.add(Comparison.exact(metric, baseline.getFirst(), candidate.getFirst(), threshold));
      } else if (baseline.size() >= RatioInterval.MIN_SAMPLES && candidate.size() >= RatioInterval.MIN_SAMPLES) {
        comparisons.add(Comparison.of(metric, baseline, candidate, threshold));
      }
    }
    return comparisons;
  }
}
