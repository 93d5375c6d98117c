package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.stats.MeanInterval;
import java.util.List;
import java.util.Locale;

/** A cold-start experiment's summary.md: findings first, then each variant, the lines, failed launches. */
final class ColdStartSummary {

  static final List<String> VARIANT_COLUMNS = List.of("variant", "launches", "failed", "image MB", "pulled MB",
      "pull ms", "create ms", "start to first OK ms", "framework-reported ms", "zero to one ms",
      "beyond the framework ms", "median first OK ms", "median framework ms");
  static final List<String> LINE_COLUMNS = List.of("image", "against", "variants", "r", "ms per MB", "95 % interval",
      "intercept ms");

  private ColdStartSummary() {}

  /**
   * @param heading the experiment's title and scale
   * @param study what it re-runs, in a sentence or two
   * @param environment the run's environment line
   * @param command the re-run command
   */
  static String render(String heading, String study, ColdStartReport report, List<ColdStartLaunch> launches,
      String environment, String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    md.append("\n## Zero to one\n\nPer variant, over its launches (the discarded first launch of each app, mode"
        + " and database left out): each time's mean with its 95 % interval. Zero to one is the pull, the"
        + " container's creation and its start to the first OK; beyond the framework is that less the"
        + " framework's own reported startup. MB are 10^6 bytes; pulled MB are compressed, as the registry"
        + " sends them.\n\n");
    KindReports.tableHead(md, VARIANT_COLUMNS, true);
    report.variants().forEach(variant -> KindReports.tableRow(md, variantCells(variant)));
    md.append("\n## Time beyond the framework against size\n\nA least-squares line through the variants' means"
        + " (each variant one point), per image source: against the image's size, and for pulls against the"
        + " bytes the pull fetched.\n\n");
    KindReports.tableHead(md, LINE_COLUMNS, true);
    report.regressions().forEach(line -> KindReports.tableRow(md, lineCells(line)));
    List<ColdStartLaunch> failed = launches.stream().filter(launch -> !launch.measured()).toList();
    if (!failed.isEmpty()) {
      md.append("\n## Failed launches\n\n");
      failed.forEach(launch -> md.append("- ").append(launch.failure().lines().findFirst().orElse("")).append('\n'));
      md.append("\nEach with its log in ").append(ColdStartDataset.JSON).append(".\n");
    }
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  static List<String> variantCells(ColdStartVariant variant) {
    return List.of(variant.label(), String.valueOf(variant.launches()), String.valueOf(variant.failed()),
        megabytes(variant.imageSizeBytes()), variant.pulledBytes() == null ? "–" : megabytes(variant.pulledBytes()),
        interval(variant.pullMillis()), interval(variant.createToStartMillis()),
        interval(variant.timeToFirstOkMillis()), interval(variant.frameworkReportedStartupMillis()),
        interval(variant.zeroToOneMillis()), interval(variant.beyondFrameworkMillis()),
        median(variant.timeToFirstOkMillis()), median(variant.frameworkReportedStartupMillis()));
  }

  static List<String> lineCells(SizeRegression line) {
    boolean told = line.told();
    return List.of(line.source().key(), line.against(), String.valueOf(line.points()),
        told ? String.format(Locale.ROOT, "%.2f", line.r()) : "–",
        told ? String.format(Locale.ROOT, "%.2f", line.slopeMillisPerMegabyte()) : "–",
        told ? String.format(Locale.ROOT, "%.2f to %.2f", line.slopeLower(), line.slopeUpper()) : "–",
        told ? String.format(Locale.ROOT, "%,.0f", line.interceptMillis()) : "–");
  }


  /** "1,234 (1,180–1,290)"; "–" where no launch has the figure. */
  private static String interval(MeanInterval interval) {
    return interval == null ? "–" : String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f)", interval.mean(),
        interval.lower(), interval.upper());
  }

  private static String median(MeanInterval interval) {
    return interval == null ? "–" : String.format(Locale.ROOT, "%,.0f", interval.median());
  }

  private static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
  }

}
