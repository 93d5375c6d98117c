package dev.perflab.harness.result;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Distribution;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the startup part found for one cell: every launch (the discarded warm-up one included), the
 * image, how its AOT cache was trained (AOT modes), and how it ended: measured; failed, at the first
 * launch that did (the cell's remaining launches are skipped then); or unavailable on this
 * machine, with no launches: neither passed nor failed.
 */
public record CellResult(
    String cellId,
    ImageInfo image,
    AotTraining aotTraining,
    List<LaunchSample> launches,
    Outcome outcome) {

  public CellResult {
    Objects.requireNonNull(outcome, "outcome");
    launches = List.copyOf(launches);
  }

  /** The launches that count: all but the discarded first one. */
  public List<LaunchSample> measured() {
    return launches.stream().filter(sample -> !sample.discarded()).toList();
  }

  /** Median, spread and CV of every launch metric over the measured launches (empty if none), by key. */
  public Map<String, Distribution> statistics() {
    Map<String, Distribution> statistics = new LinkedHashMap<>();
    for (Metric metric : LaunchSample.METRICS) {
      statistics(metric).ifPresent(distribution -> statistics.put(metric.key(), distribution));
    }
    return statistics;
  }

  /**
   * One launch metric's distribution over the measured launches that have it; empty if none has (an
   * app without a startup log pattern has no self-reported time). Memory after the warm-up is in the
   * launches that had the warm-up: a cell whose memory budget was decided skips it in later launches.
   */
  public Optional<Distribution> statistics(Metric metric) {
    List<Double> values = measured().stream().map(sample -> sample.value(metric)).flatMap(Optional::stream).toList();
    return values.isEmpty() ? Optional.empty() : Optional.of(Distribution.of(values));
  }
}
