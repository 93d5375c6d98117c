package dev.perflab.harness.report;

import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The summary's startup section: a row per cell, then per AOT cell the proof its cache was used. */
public final class StartupTable {

  private static final double MB = 1_000_000;

  private StartupTable() {}

  public static void append(StringBuilder md, int discardedLaunches, int measuredLaunches, List<CellReport> cells) {
    md.append(String.format(Locale.ROOT,
        "## Startup%n%nMedians over %d measured launch(es) per cell, a fresh container each, after %d discarded warm-up"
            + " launch(es); spread as min–max and coefficient of variation (CV). MB = 10^6 bytes.%n%n",
        measuredLaunches, discardedLaunches));
    md.append("| cell | first OK ms (min–max) | p90 | CV | StartedAt→OK ms | framework ms | CPU s to ready"
        + " | RSS MB first OK | RSS MB warm | cgroup MB warm | image MB (layers) | verdict |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (CellReport cell : cells) {
      md.append(row(cell)).append('\n');
    }
    appendAotCaches(md, cells);
  }

  private static String row(CellReport cell) {
    Map<String, Distribution> s = cell.statistics();
    String image = cell.image() == null ? "–"
        : String.format(Locale.ROOT, "%.0f (%d)", cell.image().sizeBytes() / MB, cell.image().layerCount());
    String verdict = VerdictText.of(cell).markdown();
    if (s.isEmpty()) {
      return "| " + cell.cellId() + " | – | – | – | – | – | – | – | – | – | " + image + " | " + verdict + " |";
    }
    Distribution firstOk = s.get(Metric.TIME_TO_FIRST_OK_MILLIS.key());
    Distribution reported = s.get(Metric.FRAMEWORK_REPORTED_STARTUP_MILLIS.key());
    return String.format(Locale.ROOT, "| %s | %.0f (%.0f–%.0f) | %.0f | %.1f %% | %.0f | %s | %.2f | %.0f | %.0f | %.0f | %s | %s |",
        cell.cellId(),
        firstOk.median(), firstOk.min(), firstOk.max(), firstOk.p90(),
        firstOk.coefficientOfVariation() * 100,
        median(s, Metric.STARTED_AT_TO_FIRST_OK_MILLIS),
        reported == null ? "–" : String.format(Locale.ROOT, "%.0f", reported.median()),
        median(s, Metric.CPU_SECONDS_UNTIL_READY),
        median(s, Metric.RSS_BYTES_AT_FIRST_OK) / MB,
        median(s, Metric.RSS_BYTES_AFTER_WARMUP) / MB,
        median(s, Metric.CGROUP_MEMORY_BYTES_AFTER_WARMUP) / MB,
        image,
        verdict);
  }

  private static double median(Map<String, Distribution> statistics, Metric metric) {
    return statistics.get(metric.key()).median();
  }

  /** Proof per AOT cell that every measured launch mapped its cache, and how the cache was made. */
  private static void appendAotCaches(StringBuilder md, List<CellReport> cells) {
    List<CellReport> aotCells = cells.stream().filter(cell -> cell.aotTraining() != null).toList();
    if (aotCells.isEmpty()) {
      return;
    }
    md.append("\n### AOT caches\n\nEvery launch of an AOT cell ran with -XX:AOTMode=on (a cache the JVM rejects stops"
        + " it) and had the cache file mapped at its first 200, read from /proc/<pid>/maps.\n\n");
    md.append("| cell | launches with cache mapped | MB mapped | cache MB | trained on | training s (CPU s)"
        + " | assembly s (CPU s) |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (CellReport cell : aotCells) {
      AotTraining t = cell.aotTraining();
      long mapped = cell.launches().stream().filter(l -> l.aotCacheMappedBytes() > 0).count();
      double mappedMb = cell.launches().stream().mapToLong(LaunchSample::aotCacheMappedBytes).max().orElse(0) / MB;
      md.append(String.format(Locale.ROOT, "| %s | %d of %d | %.0f | %.0f | %d requests | %.1f (%.1f) | %.1f (%.1f) |%n",
          cell.cellId(), mapped, cell.launches().size(), mappedMb, t.cacheBytes() / MB, t.requests(),
          t.trainingWallMillis() / 1e3, t.trainingCpuMillis() / 1e3, t.assemblyWallMillis() / 1e3,
          t.assemblyCpuMillis() / 1e3));
    }
  }
}
