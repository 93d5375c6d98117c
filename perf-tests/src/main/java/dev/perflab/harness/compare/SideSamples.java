package dev.perflab.harness.compare;

import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.PairedRatio;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One side's samples per compared metric, collected launch by launch, in launch order. */
final class SideSamples {

  private final Map<Metric, List<Double>> samples = new EnumMap<>(Metric.class);

  /**
   * The launch's value of every metric a launch measures: the compared ones for the verdicts, the rest (the JVM's
   * counters among them) so comparison.json has each side's launches whole.
   */
  void add(LaunchSample launch) {
    for (Metric metric : LaunchSample.METRICS) {
      launch.value(metric).ifPresent(value -> add(metric, value));
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

  /** The launch metrics of the first {@code pairs} launches, and everything else as it is. */
  SideSamples firstPairs(int pairs) {
    SideSamples first = new SideSamples();
    samples.forEach((metric, values) -> first.samples.put(metric, new ArrayList<>(
        LaunchSample.METRICS.contains(metric) ? values.subList(0, Math.min(pairs, values.size())) : values)));
    return first;
  }

  /**
   * Samples not launched in pairs (against a recorded run): a ratio of medians with its interval where
   * both sides have the launches for one, an exact ratio for a single noiseless value (an image's size).
   */
  static List<Comparison> compare(SideSamples a, SideSamples b, CompareSettings settings) {
    List<Comparison> comparisons = new ArrayList<>();
    for (Metric metric : gated(settings)) {
      List<Double> baseline = a.of(metric);
      List<Double> candidate = b.of(metric);
      if (isExact(metric, baseline, candidate)) {
        comparisons.add(Comparison.exact(metric, baseline.getFirst(), candidate.getFirst(), settings.threshold(metric)));
      } else if (baseline.size() >= RatioInterval.MIN_SAMPLES && candidate.size() >= RatioInterval.MIN_SAMPLES) {
        comparisons.add(Comparison.of(metric, baseline, candidate, settings.threshold(metric)));
      }
    }
    return comparisons;
  }

  /**
   * Launches in pairs ({@code b}'s i-th launch next to {@code a}'s): each launch metric's paired ratio
   * at {@code confidence}, the image's size exactly; a metric an earlier look decided keeps that look's
   * comparison ({@code decided}), since its later launches need not measure it.
   */
  static List<Comparison> comparePaired(SideSamples a, SideSamples b, CompareSettings settings, double confidence,
      Map<Metric, Comparison> decided) {
    List<Comparison> comparisons = new ArrayList<>();
    for (Metric metric : gated(settings)) {
      List<Double> baseline = a.of(metric);
      List<Double> candidate = b.of(metric);
      if (decided.containsKey(metric)) {
        comparisons.add(decided.get(metric));
      } else if (isExact(metric, baseline, candidate)) {
        comparisons.add(Comparison.exact(metric, baseline.getFirst(), candidate.getFirst(), settings.threshold(metric)));
      } else if (LaunchSample.METRICS.contains(metric) && baseline.size() == candidate.size()
          && baseline.size() >= PairedRatio.MIN_PAIRS) {
        comparisons.add(Comparison.paired(metric, baseline, candidate, settings.threshold(metric), confidence));
      }
    }
    return comparisons;
  }

  /** The image's size alone: what a cell whose launches failed before enough pairs still compares. */
  static List<Comparison> exactOnly(SideSamples a, SideSamples b, CompareSettings settings) {
    return compare(a, b, settings).stream().filter(Comparison::isExact).toList();
  }

  /**
   * The paired comparisons plus the load metrics (p99, capacity), whose few runs per side are not
   * paired: compared by medians.
   */
  static List<Comparison> withLoad(List<Comparison> paired, SideSamples a, SideSamples b, CompareSettings settings) {
    List<Comparison> all = new ArrayList<>(paired);
    compare(a, b, settings).stream()
        .filter(c -> !c.isExact() && !LaunchSample.METRICS.contains(c.metric()))
        .forEach(all::add);
    return all;
  }

  private static List<Metric> gated(CompareSettings settings) {
    return settings.thresholds().keySet().stream().sorted().toList();
  }

  private static boolean isExact(Metric metric, List<Double> baseline, List<Double> candidate) {
    return metric == Metric.IMAGE_SIZE_BYTES && baseline.size() == 1 && candidate.size() == 1;
  }
}
