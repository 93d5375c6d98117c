package dev.perflab.harness.report;

import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.budget.BudgetDecision;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.MachineFactor;
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
    md.append("## Startup\n\n").append(launchesLine(discardedLaunches, measuredLaunches, cells))
        .append(" MB = 10^6 bytes.\n\n");
    md.append("| cell | first OK ms (min–max) | p90 | CV | StartedAt→OK ms | framework ms | CPU s to ready"
        + " | RSS MB first OK | RSS MB warm | cgroup MB warm | image MB (layers) | verdict |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (CellReport cell : cells) {
      md.append(row(cell)).append('\n');
    }
    JvmCountersTable.append(md, cells);
    appendBudgets(md, cells);
    appendAotCaches(md, cells);
  }

  /**
   * Each judged cell's figures beside its budgets: the raw median, the machine factor and the time
   * budget it was judged at, and how many launches it took to tell.
   */
  private static void appendBudgets(StringBuilder md, List<CellReport> cells) {
    List<CellReport> judged = cells.stream().filter(cell -> cell.machineFactor() != null).toList();
    if (judged.isEmpty()) {
      return;
    }
    md.append("\n### Against the budgets\n\nA time budget is judged at its value times the machine factor of the cell's"
        + " profile: how long this run's machine reference took over how long it took when the budgets were set."
        + " A cell's launches stop once they tell on which side of every budget its median lies (a one-sided "
        + Math.round(BudgetDecision.CONFIDENCE * 1000) / 10.0 + " % bound each way, from " + BudgetDecision.MIN_LAUNCHES
        + " launches).\n\n");
    md.append("| cell | launches | first OK median ms | machine factor | time budget ms × factor | RSS warm MB (budget)"
        + " | image MB (budget) | verdict |\n|---|---|---:|---:|---:|---:|---:|---|\n");
    for (CellReport cell : judged) {
      MachineFactor factor = cell.machineFactor();
      Budget budget = cell.budget();
      md.append(String.format(Locale.ROOT, "| %s | %d, %s | %.0f | %.2f%s | %.0f × %.2f = %.0f | %.0f (%.0f) | %.0f (%.0f) | %s |%n",
          cell.cellId(), cell.measured().size(), decided(cell.timeDecision()),
          cell.statistics().get(Metric.TIME_TO_FIRST_OK_MILLIS.key()).median(), factor.factor(),
          factor.advisory() ? " (advisory)" : "", budget.maxMedianTimeToFirstOkMillis(), factor.factor(),
          budget.maxMedianTimeToFirstOkMillis() * factor.factor(),
          cell.statistics().get(Metric.RSS_BYTES_AFTER_WARMUP.key()).median() / MB,
          budget.maxMedianRssAfterWarmupMegabytes(), cell.image().sizeBytes() / MB, budget.maxImageSizeMegabytes(),
          VerdictText.of(cell).markdown()));
    }
  }

  private static String decided(BudgetDecision decision) {
    return switch (decision) {
      case WITHIN -> "decided within";
      case OVER -> "decided over";
      case UNDECIDED -> "undecided: advisory";
    };
  }

  /**
   * How many launches the medians are of: every cell's as many as asked, or, where budgets let a
   * cell stop once its verdict was told, each cell's own count (in the budgets table).
   */
  public static String launchesLine(int discardedLaunches, int mostMeasuredLaunches, List<CellReport> cells) {
    List<Integer> counts = cells.stream().filter(cell -> !cell.measured().isEmpty()).map(cell -> cell.measured().size())
        .distinct().sorted().toList();
    String measured = counts.size() > 1
        ? String.format(Locale.ROOT, "%d to %d measured launches per cell (each cell stops once its launches tell on"
            + " which side of its budgets it lies, at most %d)", counts.getFirst(), counts.getLast(), mostMeasuredLaunches)
        : (counts.isEmpty() ? mostMeasuredLaunches : counts.getFirst()) + " measured launch(es) per cell";
    return String.format(Locale.ROOT, "Medians over %s, a fresh container each; the first launch of each image is"
        + " measured and discarded (%d), which reads its files into the page cache for every cell of it. Spread as"
        + " min–max and coefficient of variation (CV).", measured, discardedLaunches);
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
    return String.format(Locale.ROOT, "| %s | %.0f (%.0f–%.0f) | %.0f | %.1f %% | %s | %s | %s | %s | %s | %s | %s | %s |",
        cell.cellId(),
        firstOk.median(), firstOk.min(), firstOk.max(), firstOk.p90(),
        firstOk.coefficientOfVariation() * 100,
        median(s, Metric.STARTED_AT_TO_FIRST_OK_MILLIS, "%.0f", 1),
        reported == null ? "–" : String.format(Locale.ROOT, "%.0f", reported.median()),
        median(s, Metric.CPU_SECONDS_UNTIL_READY, "%.2f", 1),
        median(s, Metric.RSS_BYTES_AT_FIRST_OK, "%.0f", MB),
        median(s, Metric.RSS_BYTES_AFTER_WARMUP, "%.0f", MB),
        median(s, Metric.CGROUP_MEMORY_BYTES_AFTER_WARMUP, "%.0f", MB),
        image,
        verdict);
  }

  /** The metric's median shown divided by {@code divisor}; "–" where no launch has it (an engine that cannot read it). */
  public static String median(Map<String, Distribution> statistics, Metric metric, String pattern, double divisor) {
    Distribution distribution = statistics.get(metric.key());
    return distribution == null ? "–" : String.format(Locale.ROOT, pattern, distribution.median() / divisor);
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
