package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A topology experiment's result: its series against the model, the bottlenecks and findings, its summary
 * and page. A point whose services did not start is reported with its log; an app and variant none of
 * whose points measured a mix fails its check.
 */
record TopologyResult(ExperimentFile experiment, String scale, TypeDraw typeDraw, Sweep.Outcome<TopologyData> outcome,
    TopologyReport report, String summary) implements ExperimentResult {

  /** @param onCluster whether the services ran as pods on Kubernetes (what they shared and the period differ) */
  static TopologyResult of(ExperimentRun run, TopologySpec spec, TopologyScale scale,
      Sweep.Outcome<TopologyData> outcome, boolean onCluster) {
    ExperimentFile experiment = run.experiment();
    Function<String, NodeScheduling> scheduling = app -> run.catalog().app(app).nodeScheduling();
    TopologyReport report = TopologyAnalyses.analyse(outcome.data(), spec, experiment.findings(), scheduling);
    String setup = KindReports.study(experiment) + String.format(Locale.ROOT, " Every service of a topology is the"
        + " same app in %s mode, ", scale.mode()) + TopologyPlacement.describe(onCluster,
            (variant, service) -> spec.variant(variant).service(service).cfsPeriodMillis(), outcome.data().services())
        + String.format(Locale.ROOT, " The load: %d closed users"
        + " (%d ms think time); per launch %d s of"
        + " warm-up, each type's CPU per service with %d users of it alone for %d s (counted again, up to %d"
        + " times, until two counts agree), then each mix %d s to settle"
        + " and %d s measured; %d launches of each variant. One work unit is %s ms of the kernel's CPU, calibrated"
        + " per app."
        + " Dataset: %s, %s, %s, %s.", scale.users(), scale.thinkTimeMillis(), scale.warmupSeconds(),
        scale.demandUsers(), scale.demandSeconds(), scale.demandRounds(), scale.settleSeconds(),
        scale.measureSeconds(), scale.repetitions(),
        spec.unitCpuMillis(), TopologyDataset.MIXES_CSV, TopologyDataset.SERVICES_CSV, TopologyDataset.DEMANDS_CSV,
        TopologyDataset.SECONDS_CSV) + inArrivalOrder(outcome.data(), scheduling)
        + "\n\n" + spec.typeDraw().described(); // a line of its own: what a mix means hangs on it
    String summary = TopologySummary.render(experiment.title() + " (scale " + run.scale() + ")", setup, report,
        outcome.data(), KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new TopologyResult(experiment, run.scale(), spec.typeDraw(), outcome, report, summary);
  }

  /** Which apps' services the model serves first come, first served, and why; empty if none. */
  private static String inArrivalOrder(TopologyData data, Function<String, NodeScheduling> scheduling) {
    List<String> apps = data.mixes().stream().map(TopologyMixRow::app).distinct()
        .filter(app -> scheduling.apply(app) == NodeScheduling.IN_ARRIVAL_ORDER).toList();
    return apps.isEmpty() ? "" : " The model serves " + String.join(" and ", apps) + "'s services of a core or"
        + " less first come, first served, by simulation: its node runs each request's work on a virtual thread, and"
        + " the JVM counts one processor under such a quota, so one carrier runs them one after another (catalog"
        + " nodeScheduling: in-arrival-order).";
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, TopologySpec.KIND, scale, outcome.points(), outcome);
    json.put("typeDraw", typeDraw);
    json.put("analysis", report);
    return json;
  }

  @Override
  public String markdown() {
    return summary;
  }

  @Override
  public void html(HtmlPage page) {
    KindReports.findings(page.section("Findings").paragraph(typeDraw.described()), report.findings());
    Set<String> apps = new LinkedHashSet<>();
    report.series().forEach(series -> apps.add(series.app()));
    for (String app : apps) {
      page.section(app);
      page.chart(TopologyCharts.along(app + ": mean response time along the mix", "mean response time (ms)",
          pick(app, TopologySeries.RESPONSE, TopologyMixRow.ALL)));
      page.chart(TopologyCharts.along(app + ": utilisation along the mix", "CPU over quota",
          pick(app, TopologySeries.UTILISATION, null)));
    }
    HtmlTable series = new HtmlTable(TopologySummary.SERIES_COLUMNS.toArray(String[]::new));
    report.series().forEach(one -> series.row(TopologySummary.seriesCells(one).toArray(String[]::new)));
    page.section("The model against the measurement").table(series);
    HtmlTable bottlenecks = new HtmlTable("app", "variant", "mix", "measured", "predicted");
    report.bottlenecks().forEach(one -> bottlenecks.row(TopologySummary.bottleneckCells(one).toArray(String[]::new)));
    page.section("The bottleneck along the mix").table(bottlenecks);
    if (!report.demandChecks().isEmpty()) {
      HtmlTable checks = new HtmlTable(TopologySummary.DEMAND_CHECK_COLUMNS.toArray(String[]::new));
      report.demandChecks().forEach(one -> checks.row(TopologySummary.demandCheckCells(one).toArray(String[]::new)));
      page.section("Whether the demands held").paragraph(TopologySummary.DEMAND_CHECK_TEXT).table(checks);
    }
    page.section("Summary").preformatted(summary);
  }

  private List<TopologySeries> pick(String app, String quantity, String subject) {
    return report.series().stream().filter(one -> one.app().equals(app) && one.quantity().equals(quantity)
        && (subject == null || one.subject().equals(subject))).toList();
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().mixes(), TopologyMixRow::variantKey, TopologyMixRow::measured,
        row -> Objects.requireNonNullElse(row.failure(), "no answers"), "no mix was measured", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().mixes().stream().filter(row -> row.failure() != null && row.requestType().equals(TopologyMixRow.ALL))
        .map(row -> row.variantKey() + " #" + (row.repetition() + 1)
            + (row.mix() == null ? "" : " at p=" + row.mix()) + ": " + row.failure())
        .forEach(problems::add);
    return problems;
  }
}
