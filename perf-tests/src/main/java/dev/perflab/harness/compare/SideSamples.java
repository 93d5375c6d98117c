package dev.perflab.harness.compare;

import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One side's samples per compared metric, collected launch by launch. */
final class SideSamples {

  private final Map<Metric, List<Double>> samples = new EnumMap<>(Metric.class);

  /** The launch's values of every compared metric a launch measures. */
  void add(LaunchSample launch) {
    for (Metric metric : LaunchSample.METRICS) {
      if (metric.compared()) {
        launch.value(metric).ifPresent(value -> add(metric, value));
      }
    }
  }

  void add(Metric metric, double value) {
    samples.computeIfAbsent(metric, m -> new ArrayList<>()).add(value);
  }

  List<Double> of(Metric metric) {
    return samples.getOrDefault(metric, List.of());
  }

  /** For results: keyed by {@link Metric#key()}, in the enum's order. */
  Map<String, List<Double>> byKey() {
    Map<String, List<Double>> byKey = new LinkedHashMap<>();
    samples.forEach((metric, values) -> byKey.put(metric.key(), List.copyOf(values)));
    return byKey;
  }

  /** Samples keyed by {@link Metric#key()}, as results store them. */
  static SideSamples of(Map<String, List<Double>> byKey) {
    SideSamples side = new SideSamples();
    byKey.forEach((key, values) -> values.forEach(value -> side.add(Metric.byKey(key), value)));
    return side;
  }

  /**
   * A comparison per metric both sides have samples of: a ratio with its interval where both have
   * the repetitions for one, an exact ratio for a single noiseless value (an image's size).
   */
  static List<Comparison> compare(SideSamples a, SideSamples b, CompareSettings settings) {
    List<Comparison> comparisons = new ArrayList<>();
    for (Metric metric : settings.thresholds().keySet().stream().sorted().toList()) {
      List<Double> baseline = a.of(metric);
      List<Double> candidate = b.of(metric);
      double threshold = settings.threshold(metric);
      if (metric == Metric.IMAGE_SIZE_BYTES && baseline.size() == 1 && candidate.size() == 1) {
        comparisons.add(Comparison.exact(metric, baseline.getFirst(), candidate.getFirst(), threshold));
      } else if (baseline.size() >= RatioInterval.MIN_SAMPLES && candidate.size() >= RatioInterval.MIN_SAMPLES) {
        comparisons.add(Comparison.of(metric, baseline, candidate, threshold));
      }
    }
    return comparisons;
  }
}
