package dev.perflab.harness.report.html;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.report.ComparisonSummary;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.Tally;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.Percent;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison as one page: B/A with its interval per cell and metric (the picture of the
 * verdicts), for an experiment the ratio of every run, then the verdict table, the notes, any
 * failure and the environment.
 */
public final class ComparisonHtml {

  private ComparisonHtml() {}

  /** The comparison's content on {@code page}, which is titled by {@link ComparisonSummary#title}. */
  public static void fill(HtmlPage page, ComparisonReport report) {
    HtmlTable sides = new HtmlTable("cell", "A ran", "B ran", "launches");
    report.runs().getLast().forEach(cell -> sides.row(cell.cellId(), cell.baselineLaunched().describe(),
        cell.candidateLaunched().describe(), ComparisonSummary.launches(cell)));
    page.table(sides);
    page.paragraph(ComparisonSummary.method(report) + " comparison.json beside this page has every sample.");
    report.notes().forEach(page::paragraph);
    List<CellComparison> lastRun = report.runs().getLast();
    page.section(report.runs().size() > 1 ? "Last run: B/A per cell and metric" : "B/A per cell and metric");
    List<RatioRow> rows = new ArrayList<>();
    for (CellComparison cell : lastRun) {
      cell.comparisons().forEach(c -> rows.add(row(cell.cellId() + " · " + c.metric().key(), c)));
    }
    if (!rows.isEmpty()) {
      page.chart(RatioChart.of("B/A per cell and metric", rows));
    }
    if (report.runs().size() > 1) {
      runs(page, report);
    }
    verdicts(page, lastRun);
    failures(page, report);
    PerfRunHtml.environment(page, report.environment());
  }

  /** One chart per cell: time to first OK's ratio in every run, so the spread of verdicts is seen at once. */
  private static void runs(HtmlPage page, ComparisonReport report) {
    page.section("Every run");
    HtmlTable tallies = new HtmlTable("cell", "metric", "runs", "regression", "improvement", "no change");
    for (Tally tally : report.tallies()) {
      tallies.row(tally.cellId(), tally.metric().key(), String.valueOf(tally.runs()), String.valueOf(tally.regressions()),
          String.valueOf(tally.improvements()), String.valueOf(tally.noChanges()));
    }
    page.table(tallies);
    for (String cellId : lastRunCellIds(report)) {
      List<RatioRow> rows = new ArrayList<>();
      for (int run = 0; run < report.runs().size(); run++) {
        int number = run + 1;
        report.runs().get(run).stream().filter(cell -> cell.cellId().equals(cellId)).flatMap(cell ->
                cell.comparisons().stream()).filter(c -> c.metric() == Metric.TIME_TO_FIRST_OK_MILLIS)
            .forEach(c -> rows.add(row("run " + number, c)));
      }
      if (!rows.isEmpty()) {
        page.chart(RatioChart.of(cellId + ": time to first OK, B/A in each run", rows));
      }
    }
  }

  private static List<String> lastRunCellIds(ComparisonReport report) {
    return report.runs().getLast().stream().map(CellComparison::cellId).toList();
  }

  private static void verdicts(HtmlPage page, List<CellComparison> cells) {
    page.section("Verdicts");
    HtmlTable table = new HtmlTable("verdict", "cell", "metric", "A median", "B median", "B/A (interval, confidence)",
        "threshold", "minimum detectable effect");
    for (CellComparison cell : cells) {
      for (Comparison c : cell.comparisons()) {
        table.row(c.verdict().name(), cell.cellId(), c.metric().key(),
            c.metric().format(c.baseline().median()),
            c.metric().format(c.candidate().median()),
            ComparisonSummary.ratio(c),
            Percent.of(c.threshold()),
            c.isExact() ? "exact" : Percent.of(c.minimumDetectableEffect().relativeChange()));
      }
      if (cell.outcome() instanceof Outcome.Unavailable unavailable) {
        table.row("unavailable", cell.cellId(), "", "", "", "", "", unavailable.reason());
      }
    }
    page.table(table);
  }

  private static void failures(HtmlPage page, ComparisonReport report) {
    List<CellComparison> failed = report.runs().stream().flatMap(List::stream).filter(c -> c.outcome().failed())
        .toList();
    if (!failed.isEmpty()) {
      page.section("Failed cells");
      failed.forEach(cell -> page.subheading(cell.cellId()).preformatted(((Outcome.Failed) cell.outcome()).describe()));
    }
  }

  private static RatioRow row(String label, Comparison c) {
    return new RatioRow(label, c.ratio().ratio(), c.ratio().lower(), c.ratio().upper(), c.threshold(), c.verdict().name());
  }
}
