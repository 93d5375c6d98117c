package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellFailure;
import dev.perflab.harness.measure.AotTraining;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.measure.LaunchSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a perf run found for one cell: every launch (the discarded warm-up one included), the
 * image, how its AOT cache was trained (AOT modes), and, if a launch failed, why; the cell's
 * remaining launches are skipped then. A cell that cannot be built on this machine is
 * {@code unavailable}, with the reason, and has no launches: neither passed nor failed.
 */
public record CellResult(
    String cellId,
    ImageInfo image,
    AotTraining aotTraining,
    List<LaunchSample> launches,
    CellFailure failure,
    String unavailable) {

  public CellResult {
    launches = List.copyOf(launches);
  }

  public static CellResult of(
      Cell cell, ImageInfo image, AotTraining aotTraining, List<LaunchSample> launches, CellFailure failure) {
    return new CellResult(cell.id(), image, aotTraining, launches, failure, null);
  }

  public static CellResult unavailable(Cell cell, String reason) {
    return new CellResult(cell.id(), null, null, List.of(), null, reason);
  }

  /** The launches that count: all but the discarded first one. */
  public List<LaunchSample> measured() {
    return launches.stream().filter(sample -> !sample.discarded()).toList();
  }

  /** Median, spread and CV of every metric over the measured launches (empty if none). */
  public Map<String, Distribution> statistics() {
    Map<String, Distribution> statistics = new LinkedHashMap<>();
    for (Metric metric : Metric.values()) {
      statistics(metric).ifPresent(distribution -> statistics.put(metric.key(), distribution));
    }
    return statistics;
  }

  /**
   * One metric's distribution over the measured launches; empty if none was measured, or if the
   * launches lack the metric (an app without a startup log pattern has no self-reported time).
   */
  public Optional<Distribution> statistics(Metric metric) {
    List<LaunchSample> measured = measured();
    List<Double> values = measured.stream().map(metric::of).flatMap(Optional::stream).toList();
    return values.isEmpty() || values.size() < measured.size() ? Optional.empty() : Optional.of(Distribution.of(values));
  }
}
