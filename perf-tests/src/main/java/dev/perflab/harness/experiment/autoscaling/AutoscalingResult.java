package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.RunRow;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.kubernetes.Autoscaler;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An autoscaling experiment's result: per framework its runs' cost, replicas and SLO, the thesis's cost finding, the
 * summary and page. A run that failed is reported with its logs and fails its framework's check only if no run of it
 * was measured.
 */
record AutoscalingResult(ExperimentFile experiment, String scale, Sweep.Outcome<AutoscalingData> outcome,
    List<String> apps, List<FindingResult> findings, String summary) implements ExperimentResult {

  static AutoscalingResult of(ExperimentRun run, AutoscalingSpec spec, Sweep.Outcome<AutoscalingData> outcome,
      ReachableCost reach) {
    ExperimentFile experiment = run.experiment();
    AutoscalingScale scale = spec.scale(run.scale());
    AutoscalingData data = outcome.data();
    List<String> apps = data.runs().stream().map(RunRow::framework).distinct().toList();
    Map<String, Map<String, List<Double>>> costs = data.runs().stream().filter(RunRow::measured).collect(
        Collectors.groupingBy(RunRow::mode, LinkedHashMap::new, Collectors.groupingBy(RunRow::app, LinkedHashMap::new,
            Collectors.mapping(RunRow::costDollars, Collectors.toList()))));
    List<FindingResult> findings = AutoscalingFindings.judge(experiment.findings(), spec.analysis(), costs, reach);
    Autoscaler.Policy policy = spec.policy(scale);
    String study = KindReports.study(experiment) + String.format(Locale.ROOT, " Every service is the framework in each"
        + " mode (%s), starting at one replica, every framework running the same work unit (%s ms of CPU in %s,"
        + " calibrated once), so that each one's CPU per request is its own; an autoscaler (autoscaling/v2) on each"
        + " service scales it from %d to %d replicas at %d %% CPU of its request (= limit), stabilisation %d s up and"
        + " %d s down (chosen: the thesis reported only its 70 %% target). Prices: $%s per vCPU-hour, $%s per"
        + " GiB-hour (%s). Dataset: %s. Before the run, %s.", String.join(", ", scale.modes()),
        spec.unitCpuMillis(), spec.unitReference(),
        policy.minReplicas(), policy.maxReplicas(), policy.targetCpuPercent(),
        policy.scaleUpStabilizationSeconds(), policy.scaleDownStabilizationSeconds(),
        spec.prices().vcpuHour(), spec.prices().gibHour(), spec.prices().source().strip(),
        String.join(", ", AutoscalingSpec.KIND.datasetFiles()), reach.describe());
    String load = String.format(Locale.ROOT, "Each run: %d s of warm-up at the first phase's users (not recorded),"
        + " then %s; closed users thinking %d–%d ms, requests %s; a second is out of the SLO when its p95 passes %d ms"
        + " or its errors %.1f %%; %d run(s) per framework, run by run.", scale.warmupSeconds(),
        scale.phases().stream().map(phase -> phase.name() + " " + phase.users() + " users for " + phase.seconds()
            + " s").collect(Collectors.joining(", ")), scale.thinkMinMillis(), scale.thinkMaxMillis(),
        spec.requestShares(), spec.slo().p95Millis(), 100 * spec.slo().errorShare(), scale.runs());
    String summary = AutoscalingSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, load,
        findings, apps, data, KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new AutoscalingResult(experiment, run.scale(), outcome, apps, findings, summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, AutoscalingSpec.KIND, scale, outcome.points(),
        outcome);
    json.put("findings", findings);
    json.put("runs", outcome.data().runs());
    return json;
  }

  @Override
  public String markdown() {
    return summary;
  }

  @Override
  public void html(HtmlPage page) {
    KindReports.findings(page.section("Findings"), findings);
    HtmlTable table = new HtmlTable(AutoscalingSummary.COLUMNS.toArray(String[]::new));
    for (String app : apps) {
      table.row(AutoscalingSummary.cells(app, outcome.data().runs().stream().filter(row -> row.framework().equals(app))
          .toList(), outcome.data().bursts().stream().filter(row -> row.framework().equals(app)).toList())
          .toArray(String[]::new));
    }
    page.section("Each framework").table(table);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().runs(), RunRow::framework, RunRow::measured, RunRow::failure,
        "no run was measured", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().runs().stream().filter(row -> !row.measured())
        .map(row -> row.framework() + " run " + (row.run() + 1) + ": " + row.failure()).forEach(problems::add);
    return problems;
  }
}
