package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * A topology experiment's summary.md: findings first, then the model against the measurement series by
 * series, the bottleneck along the mix, and the demands the model was given.
 */
final class TopologySummary {

  static final List<String> SERIES_COLUMNS = List.of("app", "variant", "series", "solver", "measured along the mix",
      "predicted", "Spearman r", "MAE", "normalised MAE", "noise", "pairs apart beyond the noise, in order",
      "judged by");

  private TopologySummary() {}

  static String render(String heading, String setup, TopologyReport report, TopologyData data, String environment,
      String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(setup).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    md.append("\n## The model against the measurement\n\nEach series along the mix: measured, the median of the"
        + " repetitions at each mix; predicted, from the CPU per request measured with each type alone in the same"
        + " launch, before the sweep. Response times in ms, utilisation as CPU over the service's quota (MAE of a"
        + " utilisation in points)." + compilerShare(data.services())
        + " A series whose prediction moves by no more than the noise (the widest spread of the repetitions at one"
        + " mix) is judged by its MAE, not its rank. Of the pairs of mixes the model puts further apart than the"
        + " noise, those the measurement can order, how many it orders as the model does: a series can move beyond"
        + " the noise and still hold a plateau the model puts within it (a service at 0.97 to 1.00 of its quota),"
        + " whose ranks are a toss and can pull Spearman's r down.\n\n");
    table(md, SERIES_COLUMNS, report.series().stream().map(TopologySummary::seriesCells).toList());
    md.append("\n## The bottleneck along the mix\n\nThe most utilised service at each mix, measured (predicted).\n\n");
    table(md, List.of("app", "variant", "mix", "measured", "predicted"), report.bottlenecks().stream()
        .map(TopologySummary::bottleneckCells).toList());
    if (!report.demandChecks().isEmpty()) {
      md.append("\n## Whether the demands held\n\n").append(DEMAND_CHECK_TEXT).append("\n\n");
      table(md, DEMAND_CHECK_COLUMNS, report.demandChecks().stream().map(TopologySummary::demandCheckCells).toList());
    }
    md.append("\n## What the model was given\n\nCPU per request of each type at each service, ms (median over the"
        + " launches), its JIT compiler threads' left out (and shown apart: a JVM under a fraction of a core is"
        + " still compiling minutes into a load), each type alone at a low load before the sweep, counted again"
        + " until a count agreed with the one before it within " + Math.round(DemandCounting.DEMAND_AGREEMENT * 100)
        + " % at every service the type costs a work unit or more, and the same after it: what the services'"
        + " warm-up moved while the sweep ran, which the model could not know; the type's answer time with one user"
        + " alone, and its p50 and p90: where simulated, each visit's time varies by their spread (as a normal's"
        + " 1.28 standard deviations) over the root of the sum of the type's visits' squared times. The unit's"
        + " kernel rounds as calibrated for the app.\n\n");
    table(md, DEMAND_COLUMNS, demandCells(data.demands()));
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  /**
   * How much of the utilisation was the JIT compiler's, which the cgroup's CPU includes (as the study's measure did)
   * and the demands leave out; nothing for points measured before it was read.
   */
  static String compilerShare(List<TopologyServiceRow> services) {
    List<Double> points = services.stream().filter(row -> row.compilerCores() != null)
        .map(row -> row.compilerCores() / row.quotaCores() * 100).toList();
    if (points.isEmpty()) {
      return "";
    }
    Distribution share = Distribution.of(points);
    return String.format(Locale.ROOT, " The cgroup's CPU, JIT compiler threads included, as the study measured it:"
        + " the compiler still ran a median %.1f and at most %.1f points of a service's quota in the measured"
        + " seconds, CPU the demands leave out (services.csv: compilerCores, and workUtilisation without it).",
        share.median(), share.max());
  }

  static List<String> seriesCells(TopologySeries series) {
    boolean utilisation = series.quantity().equals(TopologySeries.UTILISATION);
    return List.of(series.app(), series.variant(),
        (utilisation ? "utilisation " : "response ms ") + series.subject(), series.solver(),
        values(series.measured(), utilisation), values(series.predicted(), utilisation),
        series.spearman() == null ? "–" : String.format(Locale.ROOT, "%.2f", series.spearman()),
        error(series.meanAbsoluteError(), utilisation), series.normalisedMeanAbsoluteError() == null ? "–"
            : String.format(Locale.ROOT, "%.1f %%", series.normalisedMeanAbsoluteError() * 100),
        error(series.noise(), utilisation), series.pairsApart() == null ? "–"
            : series.pairsInOrder() + " of " + series.pairsApart(), series.moves() ? "rank" : "MAE (flat)");
  }

  static List<String> bottleneckCells(TopologyBottleneck bottleneck) {
    return List.of(bottleneck.app(), bottleneck.variant(), String.format(Locale.ROOT, "%.1f", bottleneck.mix()),
        bottleneck.measured() + " " + String.format(Locale.ROOT, "%.2f", bottleneck.measuredUtilisation()),
        bottleneck.predicted() == null ? "–" : bottleneck.predicted() + " "
            + String.format(Locale.ROOT, "%.2f", bottleneck.predictedUtilisation()));
  }

  static final String DEMAND_CHECK_TEXT = "Each service's CPU in a mix's measured seconds, its JIT compiler threads'"
      + " left out, over what its launch's counted demands make of the throughput each type had there (U = X·D, no"
      + " queueing in it): 1.00 where a request cost what was counted; the median of the launches, – where the"
      + " service was expected under " + Math.round(TopologyDemandCheck.LEAST_EXPECTED_UTILISATION * 100) + " % of its"
      + " quota. Beside it, the compiler's CPU in points of the quota. A series the model misses with the one near"
      + " 1.00 and the other near 0 misses in its queueing; with the ratio off, in the demands (a JVM still speeding"
      + " up); with the compiler high, in CPU the model does not know of.";

  static final List<String> DEMAND_CHECK_COLUMNS = List.of("app", "variant", "service",
      "work over the counted demands, along the mix", "compiler, points of the quota, along the mix");

  static List<String> demandCheckCells(TopologyDemandCheck check) {
    return List.of(check.app(), check.variant(), check.service(), check.workOverCounted().stream()
        .map(ratio -> ratio == null ? "–" : String.format(Locale.ROOT, "%.2f", ratio)).collect(Collectors.joining(" ")),
        check.compilerUtilisation().stream().map(share -> share == null ? "–"
            : String.format(Locale.ROOT, "%.0f", share * 100)).collect(Collectors.joining(" ")));
  }

  static final List<String> DEMAND_COLUMNS = List.of("app", "variant", "type", "service", "CPU ms per request",
      "its JIT compiler's, left out", "ms at its quota", "response ms at 1 user", "p50 / p90 at 1 user",
      "CPU ms per request after the sweep", "counts before the sweep, per launch", "rounds per unit");

  static List<List<String>> demandCells(List<TopologyDemandRow> demands) {
    Map<String, List<TopologyDemandRow>> byKey = new LinkedHashMap<>();
    demands.forEach(row -> byKey.computeIfAbsent(row.app() + "|" + row.variant() + "|" + row.requestType() + "|"
        + row.service(), key -> new ArrayList<>()).add(row));
    return byKey.values().stream().map(rows -> {
      List<TopologyDemandRow> before = rows.stream().filter(TopologyDemandRow::beforeSweep).toList();
      List<TopologyDemandRow> after = rows.stream().filter(TopologyDemandRow::afterSweep).toList();
      return List.of(rows.getFirst().app(), rows.getFirst().variant(), rows.getFirst().requestType(),
          rows.getFirst().service(), median(before, TopologyDemandRow::cpuMillisPerRequest),
          median(before, TopologyDemandRow::compilerCpuMillisPerRequest),
          median(before, TopologyDemandRow::stationDemandMillis),
          median(before, row -> row.responseMillisAtOneUser() == null ? Double.NaN : row.responseMillisAtOneUser()),
          median(before, row -> orNaN(row.responseP50MillisAtOneUser())) + " / "
              + median(before, row -> orNaN(row.responseP90MillisAtOneUser())),
          median(after, TopologyDemandRow::cpuMillisPerRequest), counts(before),
          String.valueOf(rows.getFirst().unitIterations()));
    }).toList();
  }

  private static double orNaN(Double value) {
    return value == null ? Double.NaN : value;
  }

  /** Each launch's counts before the sweep: "3" where the third agreed with the second, "6 (not settled)". */
  private static String counts(List<TopologyDemandRow> before) {
    return before.stream().map(row -> row.round() + (Boolean.TRUE.equals(row.settled()) ? "" : " (not settled)"))
        .collect(Collectors.joining(", "));
  }

  /** The median over the launches; "–" with none, or where the figure is not measured (NaN). */
  private static String median(List<TopologyDemandRow> rows, ToDoubleFunction<TopologyDemandRow> value) {
    List<Double> values = rows.stream().map(value::applyAsDouble).filter(Double::isFinite).toList();
    return values.isEmpty() ? "–" : num(Distribution.of(values).median());
  }

  private static void table(StringBuilder md, List<String> columns, List<List<String>> rows) {
    md.append("| ").append(String.join(" | ", columns)).append(" |\n|").append("---|".repeat(columns.size()))
        .append('\n');
    rows.forEach(cells -> md.append("| ").append(cells.stream().map(KindReports::cell)
        .collect(Collectors.joining(" | "))).append(" |\n"));
  }

  private static String values(List<Double> values, boolean utilisation) {
    return values.stream().map(value -> value == null ? "–" : utilisation
        ? String.format(Locale.ROOT, "%.2f", value) : num(value)).collect(Collectors.joining(" "));
  }

  private static String error(Double value, boolean utilisation) {
    return value == null ? "–" : utilisation ? String.format(Locale.ROOT, "%.1f pt", value * 100) : num(value);
  }

  /** Three significant figures, or whole numbers from 100 up: a table's figure, or a finding's with its unit. */
  static String num(double value) {
    return value >= 100 ? String.format(Locale.ROOT, "%.0f", value) : value >= 10
        ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
  }
}
