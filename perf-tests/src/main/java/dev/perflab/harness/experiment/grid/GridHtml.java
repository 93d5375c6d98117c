package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.experiment.GridReport;
import dev.perflab.harness.result.experiment.GridRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A limits grid's index.html: the summary's tables as text, the heatmaps and curves beside them. */
final class GridHtml {

  private GridHtml() {}

  /**
   * @param summaryMarkdown the summary, shown as it is (its tables stay readable as text)
   */
  static void render(HtmlPage page, GridReport report, List<GridRow> rows, String summaryMarkdown) {
    page.section("Charts");
    Map<String, List<GridRow>> byAppMode = new LinkedHashMap<>();
    rows.forEach(row -> byAppMode.computeIfAbsent(row.app() + "/" + row.mode(), k -> new java.util.ArrayList<>()).add(row));
    byAppMode.forEach((appMode, appRows) -> page.chart(GridCharts.heatmap(appMode, appRows, report)));
    page.chart(GridCharts.curves(report));
    page.chart(GridCharts.bins(report));
    page.section("Summary").preformatted(summaryMarkdown);
  }
}
