package dev.perflab.harness.report.html;

import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.report.JvmCountersTable;
import dev.perflab.harness.report.LoadTable;
import dev.perflab.harness.report.StartupTable;
import dev.perflab.harness.report.VerdictText;
import dev.perflab.harness.report.html.HtmlTable.Cell;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The perf run page's tables: the key columns of summary.md's, as plain text. */
final class RunTables {

  private static final double MB = 1_000_000;
  private static final String NONE = "–";

  private RunTables() {}

  static HtmlTable startup(List<CellReport> cells) {
    HtmlTable table = new HtmlTable("cell", "first OK ms, median (min–max)", "CV", "CPU s to ready",
        "RSS MB at first OK", "RSS MB warm", "image MB", "verdict");
    for (CellReport cell : cells) {
      Map<String, Distribution> s = cell.statistics();
      String image = cell.image() == null ? NONE : format("%.0f", cell.image().sizeBytes() / MB);
      if (s.isEmpty()) {
        table.row(cell.cellId(), NONE, NONE, NONE, NONE, NONE, image, VerdictText.of(cell).plain());
        continue;
      }
      Distribution firstOk = s.get(Metric.TIME_TO_FIRST_OK_MILLIS.key());
      table.row(cell.cellId(), format("%.0f (%.0f–%.0f)", firstOk.median(), firstOk.min(), firstOk.max()),
          format("%.1f %%", firstOk.coefficientOfVariation() * 100),
          StartupTable.median(s, Metric.CPU_SECONDS_UNTIL_READY, "%.2f", 1),
          StartupTable.median(s, Metric.RSS_BYTES_AT_FIRST_OK, "%.0f", MB),
          StartupTable.median(s, Metric.RSS_BYTES_AFTER_WARMUP, "%.0f", MB), image, VerdictText.of(cell).plain());
    }
    return table;
  }

  static HtmlTable jvmCounters(List<CellReport> cells) {
    List<String> columns = new ArrayList<>(List.of("cell"));
    columns.addAll(JvmCountersTable.COLUMNS);
    HtmlTable table = new HtmlTable(columns.toArray(String[]::new));
    for (CellReport cell : cells) {
      List<String> row = new ArrayList<>(List.of(cell.cellId()));
      row.addAll(JvmCountersTable.cells(cell));
      table.row(row.toArray(String[]::new));
    }
    return table;
  }

  static HtmlTable load(LoadSettings settings, List<CellLoad> loads) {
    HtmlTable table = new HtmlTable("cell", "achieved /s", "p50 ms", "p99 ms (windows' median)", "p99.9 ms",
        "max ms", "errors", "CPU cores", "RSS MB peak", "capacity /s at p99 ≤ " + settings.sloP99Millis() + " ms",
        "note");
    double measuredFromMillis = settings.measuredFromMillis();
    for (CellLoad load : loads) {
      if (load.fixedRate() == null) {
        table.row(load.cellId(), NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, VerdictText.notDriven(load).plain());
        continue;
      }
      LoadResult run = load.fixedRate();
      LatencySummary l = run.latency();
      List<String> notes = new ArrayList<>();
      if (run.generatorLimited()) {
        notes.add("driver-limited: invalid");
      }
      if (load.exitedUnderOverload() != null) {
        notes.add("a container died in the capacity search (see Problems)");
      }
      String own = LoadTable.ownSettings(settings, load);
      if (own != null) {
        notes.add(own);
      }
      table.row(load.cellId(), format("%.0f", run.achievedRatePerSecond()), format("%.2f", l.p50Micros() / 1e3),
          format("%.2f", run.windowP99Micros().median() / 1e3), format("%.2f", l.p999Micros() / 1e3),
          format("%.1f", l.maxMicros() / 1e3), String.valueOf(run.errors()),
          format("%.2f", load.meanCpuCores(measuredFromMillis)), format("%.0f", load.peakRssBytes() / MB),
          LoadTable.capacity(load.capacity()) + LoadTable.objective(settings, load), String.join("; ", notes));
    }
    return table;
  }

  /** Every simulation against every load cell, Gatling's own report linked (relative to the page). */
  static HtmlTable gatling(List<CellGatling> cells) {
    HtmlTable table = new HtmlTable("cell", "simulation", "requests", "KO %", "p50 ms", "p95 ms", "p99 ms",
        "max ms", "generator cores", "verdict", "Gatling report");
    for (CellGatling load : cells) {
      for (GatlingRun run : load.runs()) {
        String name = run.name().equals(run.simulation()) ? run.name() : run.name() + " (" + run.simulation() + ")";
        RequestStats all = run.global();
        List<Cell> row = new ArrayList<>(List.of(Cell.text(load.cellId()), Cell.text(name)));
        if (all == null) {
          List.of(NONE, NONE, NONE, NONE, NONE, NONE).forEach(text -> row.add(Cell.text(text)));
        } else {
          List.of(String.valueOf(all.count()), format("%.2f", all.errorPercent()), format("%.0f", all.p50Millis()),
              format("%.0f", all.p95Millis()), format("%.0f", all.p99Millis()), format("%.0f", all.maxMillis()))
              .forEach(text -> row.add(Cell.text(text)));
        }
        row.add(Cell.text(format("%.2f", run.generatorCores())));
        row.add(Cell.text(VerdictText.of(run).plain()));
        row.add(Cell.link(all == null ? "log" : "html", run.report()));
        table.row(row);
      }
      if (load.skipped() != null || !load.outcome().measured()) {
        String why = load.skipped() != null ? "skipped: " + load.skipped()
            : load.outcome().unavailable() ? load.outcome().summary() : "FAILED (see below)";
        table.row(load.cellId(), NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE, why, "");
      }
    }
    return table;
  }

  static String format(String pattern, Object... values) {
    return String.format(Locale.ROOT, pattern, values);
  }
}
