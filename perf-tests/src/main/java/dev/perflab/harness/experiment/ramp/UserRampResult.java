package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.experiment.FindingResult;
import dev.perflab.harness.result.experiment.RampRow;
import dev.perflab.harness.result.experiment.UserRampData;
import dev.perflab.harness.result.experiment.UserRampReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A user-ramp experiment's result: its seconds, the variants and findings from them, its summary and page.
 * A ramp whose container did not start is reported with its log; a variant none of whose ramps ran
 * fails its check.
 */
record UserRampResult(ExperimentFile experiment, String scale, Sweep.Outcome<UserRampData> outcome,
    UserRampReport report, List<Integer> atUsers, String summary) implements ExperimentResult {

  static UserRampResult of(ExperimentRun run, UserRampSpec spec, Sweep.Outcome<UserRampData> outcome) {
    ExperimentFile experiment = run.experiment();
    UserRampReport report = UserRampAnalyses.analyse(outcome.data(), spec.atUsers(), spec.analysis(),
        experiment.findings());
    String study = "Re-runs part of *" + experiment.study().title().strip() + "* (" + experiment.study().reference()
        .strip() + "): " + experiment.study().rerun().strip() + " Each ramp in a fresh container at " + spec.cpus()
        + " CPU and " + spec.memoryMebibytes() + " MiB. Dataset: " + UserRampDataset.CSV + " and "
        + UserRampDataset.JSON + ", one row per second of each ramp.";
    String summary = UserRampSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        spec.atUsers(), run.environment(), run.rerun());
    return new UserRampResult(experiment, run.scale(), outcome, report, spec.atUsers(), summary);
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("kind", experiment.kind());
    json.put("title", experiment.title());
    json.put("study", experiment.study());
    json.put("scale", scale);
    json.put("points", outcome.points());
    json.put("resumedPoints", outcome.resumedPoints());
    json.put("skipped", outcome.skipped());
    json.put("dataset", UserRampSpec.KIND.datasetFiles());
    json.put("analysis", report);
    return json;
  }

  @Override
  public String markdown() {
    return summary;
  }

  @Override
  public void html(HtmlPage page) {
    HtmlTable findings = new HtmlTable("finding (the study's)", "verdict", "measured");
    for (FindingResult finding : report.findings()) {
      findings.row(finding.claim(), finding.verdict().name().toLowerCase(Locale.ROOT), finding.figure());
    }
    page.section("Findings").table(findings);
    HtmlTable variants = new HtmlTable(UserRampSummary.columns(atUsers).toArray(String[]::new));
    report.variants().forEach(variant -> variants.row(UserRampSummary.cells(variant).toArray(String[]::new)));
    page.section("Each variant").table(variants);
    page.section("Summary").preformatted(summary);
  }

  @Override
  public List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    Map<String, List<RampRow>> byVariant = new LinkedHashMap<>();
    outcome.data().rows().forEach(row -> byVariant.computeIfAbsent(row.variant(), key -> new ArrayList<>()).add(row));
    byVariant.forEach((variant, rows) -> {
      String name = "experiment " + variant;
      if (rows.stream().anyMatch(RampRow::measured)) {
        checks.add(Check.passed(name));
      } else {
        String why = variant + ": no ramp ran; the first: " + rows.getFirst().failure();
        checks.add(Check.failed(name, why.lines().findFirst().orElse(why), why));
      }
    });
    outcome.skipped().forEach(skip -> checks.add(Check.skipped("experiment " + skip.split(":")[0], skip)));
    return checks;
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().rows().stream().filter(row -> !row.measured()).map(RampRow::failure).forEach(problems::add);
    return problems;
  }
}
