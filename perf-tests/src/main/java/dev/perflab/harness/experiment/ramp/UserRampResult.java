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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user-ramp experiment's result: the CPU limit and how it was found, its seconds, the variants and findings from
 * them, its summary and page. A ramp whose container did not start is reported with its log; a variant none of
 * whose ramps ran fails its check, and so does a calibration that was refused (then no ramp ran).
 */
record UserRampResult(ExperimentFile experiment, String scale, Sweep.Outcome<UserRampData> outcome,
    CpuCalibrator.Outcome cpu, UserRampReport report, List<Integer> atUsers, Integer plateauUsers, String summary)
    implements ExperimentResult {

  static UserRampResult of(ExperimentRun run, UserRampSpec spec, Sweep.Outcome<UserRampData> outcome,
      CpuCalibrator.Outcome cpu) {
    ExperimentFile experiment = run.experiment();
    UserRampScale scale = spec.scale(run.scale());
    Map<String, RampPool> pools = new LinkedHashMap<>();
    scale.variants().stream().filter(variant -> variant.pool() != null)
        .forEach(variant -> pools.put(variant.name(), variant.pool()));
    UserRampReport report = UserRampAnalyses.analyse(outcome.data(), spec.atUsers(), spec.analysis(),
        experiment.findings(), pools);
    String study = KindReports.study(experiment) + " Each ramp in a fresh container at " + spec.memoryMebibytes()
        + " MiB, every variant at one CPU limit (below). Dataset: " + UserRampDataset.CSV + " and "
        + UserRampDataset.JSON + ", one row per second of each ramp"
        + (scale.cpuCalibration() == null ? "" : "; the calibration's rounds: " + UserRampCalibration.CSV + " and "
            + UserRampCalibration.JSON) + ".";
    String summary = UserRampSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        scale, spec.atUsers(), cpu, KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new UserRampResult(experiment, run.scale(), outcome, cpu, report, spec.atUsers(),
        scale.ramp().plateauUsers(), summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, UserRampSpec.KIND, scale, outcome.points(), outcome);
    json.put("cpuCalibration", cpu);
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
    if (!cpu.rounds().isEmpty()) {
      HtmlTable rounds = new HtmlTable(UserRampSummary.ROUND_COLUMNS.toArray(String[]::new));
      cpu.rounds().forEach(round -> rounds.row(UserRampSummary.roundCells(round).toArray(String[]::new)));
      page.section("The CPU limit").table(rounds);
    }
    HtmlTable variants = new HtmlTable(UserRampSummary.columns(atUsers, plateauUsers).toArray(String[]::new));
    report.variants().forEach(variant -> variants.row(UserRampSummary.cells(variant).toArray(String[]::new)));
    page.section("Each variant").table(variants);
    HtmlTable bounds = new HtmlTable(UserRampSummary.BOUND_COLUMNS.toArray(String[]::new));
    report.variants().forEach(variant -> bounds.row(UserRampSummary.boundCells(variant).toArray(String[]::new)));
    page.section("What bound each peak").table(bounds);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    if (cpu.refused()) {
      checks.add(Check.failed("experiment cpu calibration", cpu.refusal().lines().findFirst().orElse(""),
          cpu.refusal()));
    }
    checks.addAll(KindReports.checks(outcome.data().rows(), RampRow::variant, RampRow::measured, RampRow::failure,
        "no ramp ran", outcome.skipped()));
    return checks;
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    if (cpu.refused()) {
      problems.add(cpu.refusal());
    }
    outcome.data().rows().stream().filter(row -> !row.measured()).map(RampRow::failure).forEach(problems::add);
    return problems;
  }
}
