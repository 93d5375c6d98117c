package dev.perflab.harness.experiment.ramp;

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
import java.util.Map;

/**
 * A user-ramp experiment's result: its seconds, the variants and findings from them, its summary and page.
 * A ramp whose container did not start is reported with its log; a variant none of whose ramps ran
 * fails its check.
 */
record UserRampResult(ExperimentFile experiment, String scale, Sweep.Outcome<UserRampData> outcome,
    UserRampReport report, List<Integer> atUsers, Integer plateauUsers, String summary) implements ExperimentResult {

  static UserRampResult of(ExperimentRun run, UserRampSpec spec, Sweep.Outcome<UserRampData> outcome) {
    ExperimentFile experiment = run.experiment();
    UserRampReport report = UserRampAnalyses.analyse(outcome.data(), spec.atUsers(), spec.analysis(),
        experiment.findings());
    String study = KindReports.study(experiment) + " Each ramp in a fresh container at " + spec.cpus()
        + " CPU and " + spec.memoryMebibytes() + " MiB. Dataset: " + UserRampDataset.CSV + " and "
        + UserRampDataset.JSON + ", one row per second of each ramp.";
    RampSettings ramp = spec.scale(run.scale()).ramp();
    String summary = UserRampSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        spec.atUsers(), ramp, KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new UserRampResult(experiment, run.scale(), outcome, report, spec.atUsers(), ramp.plateauUsers(), summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, UserRampSpec.KIND, scale, outcome.points(), outcome);
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
    HtmlTable variants = new HtmlTable(UserRampSummary.columns(atUsers, plateauUsers).toArray(String[]::new));
    report.variants().forEach(variant -> variants.row(UserRampSummary.cells(variant).toArray(String[]::new)));
    page.section("Each variant").table(variants);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().rows(), RampRow::variant, RampRow::measured, RampRow::failure,
        "no ramp ran", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().rows().stream().filter(row -> !row.measured()).map(RampRow::failure).forEach(problems::add);
    return problems;
  }
}
