package dev.perflab.harness.report;

import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.JvmCounters;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The startup section's table of the JVM's own work at each cell's first OK (its hsperfdata counters): what a start
 * did beside how long it took, medians over the measured launches.
 */
public final class JvmCountersTable {

  private static final double MB = 1_000_000;
  /** The columns after the cell's, shared by summary.md and the page. */
  public static final List<String> COLUMNS = List.of("classes (from CDS)", "class data MB", "class loading ms",
      "JIT compiles", "JIT ms", "GC pauses (ms)", "safepoints", "threads");
  /** Why a cell has none, in one place. */
  public static final String NONE_READ = "none read: a native image writes none; a JVM run with -XX:-UsePerfData, or"
      + " a pod on a node the harness is not on, cannot be read";

  private JvmCountersTable() {}

  public static void append(StringBuilder md, List<CellReport> cells) {
    List<CellReport> measured = cells.stream().filter(cell -> !cell.measured().isEmpty()).toList();
    if (measured.isEmpty()) {
      return;
    }
    md.append("\n### The JVM's own work at first OK\n\nRead from each launch's hsperfdata file (the counters HotSpot"
        + " keeps for jstat) through the container's /proc root at its first 200, without attaching: medians over the"
        + " measured launches. Classes and class data are the same on every start of an image; times and compilations"
        + " move with scheduling. Bytes allocated are not among HotSpot's counters.\n\n");
    md.append("| cell | ").append(String.join(" | ", COLUMNS)).append(" |\n|---|")
        .append("---:|".repeat(COLUMNS.size())).append('\n');
    for (CellReport cell : measured) {
      md.append("| ").append(cell.cellId()).append(" | ").append(String.join(" | ", cells(cell))).append(" |\n");
    }
  }

  /** The row's cells after the cell's id: the medians, or why there are none (one cell spanning the rest). */
  public static List<String> cells(CellReport cell) {
    Map<String, Distribution> s = cell.statistics();
    if (!s.containsKey(Metric.CLASSES_LOADED_AT_FIRST_OK.key())) {
      return List.of(NONE_READ, "", "", "", "", "", "", "");
    }
    List<Long> fromCds = cell.measured().stream().map(LaunchSample::jvmCountersAtFirstOk).filter(Objects::nonNull)
        .map(JvmCounters::classesLoadedFromCds).toList();
    return List.of(
        median(s, Metric.CLASSES_LOADED_AT_FIRST_OK, "%.0f", 1) + " ("
            + String.format(Locale.ROOT, "%.0f", Distribution.of(fromCds).median()) + ")",
        median(s, Metric.CLASS_BYTES_AT_FIRST_OK, "%.1f", MB),
        median(s, Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK, "%.0f", 1),
        median(s, Metric.JIT_COMPILES_AT_FIRST_OK, "%.0f", 1),
        median(s, Metric.JIT_COMPILE_MILLIS_AT_FIRST_OK, "%.0f", 1),
        median(s, Metric.GC_PAUSES_AT_FIRST_OK, "%.0f", 1) + " (" + median(s, Metric.GC_PAUSE_MILLIS_AT_FIRST_OK, "%.0f", 1)
            + ")",
        median(s, Metric.SAFEPOINTS_AT_FIRST_OK, "%.0f", 1),
        median(s, Metric.THREADS_STARTED_AT_FIRST_OK, "%.0f", 1));
  }

  private static String median(Map<String, Distribution> statistics, Metric metric, String pattern, double divisor) {
    return StartupTable.median(statistics, metric, pattern, divisor);
  }
}
