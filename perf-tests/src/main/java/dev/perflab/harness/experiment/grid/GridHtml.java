package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A limits grid's index.html: the heatmaps and curves, the costs, and the summary's tables as text. */
final class GridHtml {

  private GridHtml() {}

  /**
   * @param summaryMarkdown the summary, shown as it is (its tables stay readable as text)
   */
  static void render(HtmlPage page, GridReport report, CostReport cost, List<GridRow> rows, String summaryMarkdown) {
    page.section("Charts");
    Map<String, List<GridRow>> byAppMode = new LinkedHashMap<>();
    rows.forEach(row -> byAppMode.computeIfAbsent(row.app() + "/" + row.mode(), k -> new java.util.ArrayList<>()).add(row));
    byAppMode.forEach((appMode, appRows) -> page.chart(GridCharts.heatmap(appMode, appRows, report)));
    page.chart(GridCharts.curves(report));
    page.chart(GridCharts.bins(report));
    page.section("Cost").paragraph("Billed on limits; how each figure is reckoned: the summary's Cost section.")
        .table(costs(cost));
    page.section("Summary").preformatted(summaryMarkdown);
  }

  private static HtmlTable costs(CostReport cost) {
    HtmlTable table = new HtmlTable("app/mode", "point", "CPU", "memory MiB", "sustained /s", "$ an hour",
        "$ per million requests", "instances per node", "instances for the load", "nodes", "$ an hour for the load",
        "note");
    for (LimitsCost row : cost.costs()) {
      table.row(row.app() + "/" + row.mode(), row.basis().name().toLowerCase(Locale.ROOT),
          row.found() ? String.valueOf(row.cpuLimitCores()) : "–",
          row.found() ? String.valueOf(row.memoryLimitMebibytes()) : "–",
          row.found() ? String.valueOf(Math.round(row.sustainedRatePerSecond())) : "–",
          GridSummary.usd(row.usdPerHour()), GridSummary.usd(row.usdPerMillionRequests()),
          GridSummary.count(row.instancesPerNode()), GridSummary.count(row.instancesForLoad()),
          GridSummary.count(row.nodesForLoad()), GridSummary.usd(row.usdPerHourForLoad()),
          row.note() == null ? "" : row.note());
    }
    return table;
  }
}
