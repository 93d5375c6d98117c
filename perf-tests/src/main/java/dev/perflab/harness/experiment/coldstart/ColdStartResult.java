package dev.perflab.harness.experiment.coldstart;

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
 * A cold-start experiment's result: its launches, the analyses and findings from them, its summary and
 * page. A launch that fails is reported with its log and the rest still count; an app and mode none of
 * whose launches reached a first OK fails its check.
 */
record ColdStartResult(ExperimentFile experiment, String scale, Sweep.Outcome<ColdStartData> outcome,
    ColdStartReport report, Double pullMegabitsPerSecond, String summary) implements ExperimentResult {

  static ColdStartResult of(ExperimentRun run, ColdStartSpec spec, Sweep.Outcome<ColdStartData> outcome) {
    ExperimentFile experiment = run.experiment();
    ColdStartReport report = ColdStartAnalyses.analyse(outcome.data(), spec.analysis(), experiment.findings());
    String study = KindReports.study(experiment) + " Every launch under the catalog's profile "
        + spec.profile() + "; pulls " + (spec.pullMegabitsPerSecond() == null ? "at loopback's own speed"
            : "capped at " + spec.pullMegabitsPerSecond() + " Mbit/s") + ". Dataset: " + ColdStartDataset.CSV + " and "
        + ColdStartDataset.JSON + ", one row per launch.";
    String summary = ColdStartSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        outcome.data().launches(), KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new ColdStartResult(experiment, run.scale(), outcome, report, spec.pullMegabitsPerSecond(), summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, ColdStartSpec.KIND, scale, outcome.points(), outcome);
    json.put("pullMegabitsPerSecond", pullMegabitsPerSecond);
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
    HtmlTable variants = new HtmlTable(ColdStartSummary.VARIANT_COLUMNS.toArray(String[]::new));
    report.variants().forEach(variant -> variants.row(ColdStartSummary.variantCells(variant).toArray(String[]::new)));
    page.section("Zero to one").paragraph("Means with their 95 % intervals over each variant's launches; medians"
        + " where the startup part's are compared.").table(variants);
    HtmlTable lines = new HtmlTable(ColdStartSummary.LINE_COLUMNS.toArray(String[]::new));
    report.regressions().forEach(line -> lines.row(ColdStartSummary.lineCells(line).toArray(String[]::new)));
    page.section("Time beyond the framework against size").table(lines);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().launches(), launch -> launch.app() + "/" + launch.mode(),
        ColdStartLaunch::counted, ColdStartLaunch::failure, "no launch reached its first OK", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().launches().stream().filter(launch -> !launch.measured()).map(ColdStartLaunch::failure)
        .forEach(problems::add);
    return problems;
  }
}
