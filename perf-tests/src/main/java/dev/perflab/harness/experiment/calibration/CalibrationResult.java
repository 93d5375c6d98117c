package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.stats.Percent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A gate calibration's result: its rates and targets, summary and page. A failed comparison is reported with its log
 * and the rest still count; a series none of whose comparisons was measured fails its check. The targets are
 * reported, not checks: a target not met is a finding about the gate on this machine, not a broken run.
 */
record CalibrationResult(ExperimentFile experiment, String scale, Sweep.Outcome<CalibrationData> outcome,
    CalibrationReport report, String cell, String summary) implements ExperimentResult {

  static CalibrationResult of(ExperimentRun run, GateCalibrationSpec spec, Sweep.Outcome<CalibrationData> outcome) {
    ExperimentFile experiment = run.experiment();
    CalibrationReport report = CalibrationReport.of(experiment.findings(), outcome.data());
    String cell = spec.app() + "/" + spec.mode() + "/" + spec.profile();
    String intro = KindReports.study(experiment) + " Every comparison of " + cell + " runs as the gate runs a cell"
        + " (one discarded launch a side, pairs in a random order, looks every ten pairs, stopped once every judged"
        + " metric is decided), judging " + String.join(", ", spec.judged().keySet().stream().map(m -> m.key() + " at "
            + Percent.of(spec.judged().get(m))).toList()) + ". Dataset: "
        + CalibrationDataset.COMPARISONS_CSV + " (a row per comparison) and " + CalibrationDataset.JUDGEMENTS_CSV
        + " (a row per comparison and metric), with their JSON.";
    String summary = CalibrationSummary.render(experiment.title() + " (scale " + run.scale() + ")", intro, report,
        outcome.data(), KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new CalibrationResult(experiment, run.scale(), outcome, report, cell, summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, GateCalibrationSpec.KIND, scale, outcome.points(),
        outcome);
    json.put("cell", cell);
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
    HtmlTable targets = new HtmlTable(CalibrationSummary.TARGET_COLUMNS.toArray(String[]::new));
    report.targets().forEach(target -> targets.row(CalibrationSummary.targetCells(target).toArray(String[]::new)));
    page.section("Targets").table(targets);
    HtmlTable rates = new HtmlTable(CalibrationSummary.RATE_COLUMNS.toArray(String[]::new));
    report.rates().forEach(rate -> rates.row(CalibrationSummary.rateCells(rate).toArray(String[]::new)));
    page.section("Rates").paragraph("False alarms in the A/A series, detections in the injected ones, each with its"
        + " Wilson 95 % interval.").table(rates);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().comparisons(), CalibrationComparison::series,
        CalibrationComparison::measured, CalibrationComparison::failure, "no comparison was measured",
        outcome.skipped());
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().comparisons().stream().filter(c -> !c.measured())
        .forEach(c -> problems.add(c.series() + " #" + c.number() + ": " + c.failure()));
    return problems;
  }
}
