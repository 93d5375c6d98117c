package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.stats.Percent;
import java.util.List;
import java.util.Locale;

/** A gate calibration's summary.md: the targets, the rates per series and metric, the failed comparisons. */
final class CalibrationSummary {

  static final List<String> TARGET_COLUMNS = List.of("target", "status", "measured");
  static final List<String> RATE_COLUMNS = List.of("series", "metric", "threshold", "comparisons", "false alarms /"
      + " caught", "rate (95 % interval)", "regressions", "improvements", "median B/A", "largest pair change",
      "median pairs", "median min");

  private CalibrationSummary() {}

  static String render(String heading, String intro, CalibrationReport report, CalibrationData data,
      String environment, String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(intro).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    md.append("\n## Targets\n\n");
    KindReports.tableHead(md, TARGET_COLUMNS, false);
    report.targets().forEach(target -> KindReports.tableRow(md, targetCells(target)));
    md.append("\n## Rates\n\nPer series and metric, over its measured comparisons: in an A/A (series aa) every verdict"
        + " but no change is a false alarm; in an injected series a regression is a detection. Each rate with its"
        + " Wilson 95 % interval. The largest pair change is the largest |B/A − 1| of any one pair: for an A/A, how far"
        + " apart identical sides land, against the verdict's margin (half the threshold).\n\n");
    KindReports.tableHead(md, RATE_COLUMNS, false);
    report.rates().forEach(rate -> KindReports.tableRow(md, rateCells(rate)));
    List<CalibrationComparison> failed = data.comparisons().stream().filter(c -> !c.measured()).toList();
    if (!failed.isEmpty()) {
      md.append("\n## Failed comparisons\n\n");
      failed.forEach(c -> md.append("- ").append(c.series()).append(" #").append(c.number()).append(": ")
          .append(c.failure().lines().findFirst().orElse("")).append('\n'));
      md.append("\nEach with its log in ").append(CalibrationDataset.COMPARISONS_JSON).append(".\n");
    }
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  static List<String> targetCells(CalibrationTarget target) {
    return List.of(target.target(), target.status().name().toLowerCase(Locale.ROOT).replace('_', ' '),
        target.measured());
  }

  static List<String> rateCells(CalibrationRate rate) {
    return List.of(rate.series(), rate.metric(), Percent.of(rate.threshold()), String.valueOf(rate.comparisons()),
        rate.fired() + (rate.aa() ? " false alarms" : " caught"),
        String.format(Locale.ROOT, "%s (%s–%s)", Percent.of(rate.rate()), Percent.of(rate.rateLower()),
            Percent.of(rate.rateUpper())),
        String.valueOf(rate.regressions()), String.valueOf(rate.improvements()),
        String.format(Locale.ROOT, "%.4f", rate.medianRatio()), Percent.of(rate.largestPairChange()),
        String.format(Locale.ROOT, "%.0f", rate.medianPairs()), String.format(Locale.ROOT, "%.1f", rate.medianMinutes()));
  }

}
