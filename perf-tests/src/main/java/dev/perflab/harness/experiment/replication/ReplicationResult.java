package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A replication experiment's result: the configurations and findings from its runs, its summary and page. A
 * configuration that did not start is reported with its logs, and fails its check; the others still run.
 */
record ReplicationResult(ExperimentFile experiment, String scale, Sweep.Outcome<ReplicationData> outcome,
    ReplicationReport report, String summary) implements ExperimentResult {

  static ReplicationResult of(ExperimentRun run, ReplicationSpec spec, Sweep.Outcome<ReplicationData> outcome) {
    ExperimentFile experiment = run.experiment();
    ReplicationScale scale = spec.scale(run.scale());
    ReplicationReport report = ReplicationAnalyses.analyse(outcome.data(), scale.configurations(), spec,
        experiment.findings());
    ReplicationScale.SessionLoad load = scale.sessions();
    String study = KindReports.study(experiment) + String.format(Locale.ROOT, " Every replica is %s in %s mode at"
        + " %.2f CPU and %d MiB; HAProxy at %.2f CPU (%s, %d s server timeout); the heavy step is %d + %d work units"
        + " of %.1f ms of CPU (gateway + worker); in the split version every request goes to the gateway, which"
        + " sends the users steps on to the rest. Dataset: %s, %s, %s, %s and %s.", spec.app(), spec.mode(),
        spec.replica(scale).cpus(), spec.replica(scale).memoryMebibytes(), spec.balancer().cpus(),
        spec.balancer().policy(), spec.balancer().serverTimeoutMillis() / 1000, spec.work().gatewayUnits(),
        spec.work().workerUnits(), spec.work().unitCpuMillis(),
        ReplicationDataset.STEPS_CSV, ReplicationDataset.CONTAINERS_CSV, ReplicationDataset.SERVERS_CSV,
        ReplicationDataset.STATE_CHANGES_CSV, ReplicationDataset.JSON);
    String loadText = String.format(Locale.ROOT, "Each run: sessions arriving from %.1f to %.1f a second over %d s,"
        + " then %.1f a second for %d s, each request after its CORS preflight, %d ms of pause after each request,"
        + " %d s request timeout; %d runs per configuration, the users table emptied and %d s of quiet before each,"
        + " after %d unrecorded warm-up run(s) of the same sessions; a configuration with a fault has one more run,"
        + " with it. Full acceptance: an effective failure ratio of at most %.1f %% in a run; Apdex T = %d ms.",
        load.fromRate(), load.toRate(), load.rampSeconds(), load.toRate(), load.constantSeconds(), load.pauseMillis(),
        load.requestTimeoutMillis() / 1000, scale.runs(), scale.settleSeconds(), scale.warmUpRuns(),
        100 * spec.fullAcceptanceMaxEffectiveFailureRatio(), spec.apdexMillis());
    String summary = ReplicationSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        loadText, KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new ReplicationResult(experiment, run.scale(), outcome, report, summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, ReplicationSpec.KIND, scale, outcome.points(),
        outcome);
    json.put("analysis", report);
    return json;
  }

  @Override
  public String markdown() {
    return summary;
  }

  @Override
  public void html(HtmlPage page) {
    KindReports.findings(page.section("Findings"), report.findings());
    HtmlTable table = new HtmlTable(ReplicationSummary.COLUMNS.toArray(String[]::new));
    report.configurations().forEach(result -> table.row(ReplicationSummary.cells(result).toArray(String[]::new)));
    page.section("Each configuration").table(table);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().steps().stream().filter(StepRow::all).toList(),
        StepRow::configuration, StepRow::measured, StepRow::failure, "no run was measured", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().steps().stream().filter(StepRow::all).filter(row -> !row.measured())
        .map(row -> row.configuration() + " run " + (row.run() + 1) + ": " + row.failure()).forEach(problems::add);
    return problems;
  }
}
