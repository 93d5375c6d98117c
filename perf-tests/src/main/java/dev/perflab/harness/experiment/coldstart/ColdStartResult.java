package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.HtmlTable;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.experiment.ColdStartData;
import dev.perflab.harness.result.experiment.ColdStartLaunch;
import dev.perflab.harness.result.experiment.ColdStartReport;
import dev.perflab.harness.result.experiment.FindingResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
    String study = "Re-runs part of *" + experiment.study().title().strip() + "* (" + experiment.study().reference()
        .strip() + "): " + experiment.study().rerun().strip() + " Every launch under the catalog's profile "
        + spec.profile() + "; pulls " + (spec.pullMegabitsPerSecond() == null ? "at loopback's own speed"
            : "capped at " + spec.pullMegabitsPerSecond() + " Mbit/s") + ". Dataset: " + ColdStartDataset.CSV + " and "
        + ColdStartDataset.JSON + ", one row per launch.";
    String summary = ColdStartSummary.render(experiment.title() + " (scale " + run.scale() + ")", study, report,
        outcome.data().launches(), run.environment(), run.rerun());
    return new ColdStartResult(experiment, run.scale(), outcome, report, spec.pullMegabitsPerSecond(), summary);
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
    json.put("dataset", ColdStartSpec.KIND.datasetFiles());
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
    HtmlTable findings = new HtmlTable("finding (the study's)", "verdict", "measured");
    for (FindingResult finding : report.findings()) {
      findings.row(finding.claim(), finding.verdict().name().toLowerCase(Locale.ROOT), finding.figure());
    }
    page.section("Findings").table(findings);
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
    List<Check> checks = new ArrayList<>();
    Map<String, List<ColdStartLaunch>> byAppMode = new LinkedHashMap<>();
    outcome.data().launches().forEach(launch -> byAppMode.computeIfAbsent(launch.app() + "/" + launch.mode(),
        key -> new ArrayList<>()).add(launch));
    byAppMode.forEach((appMode, launches) -> {
      String name = "experiment " + appMode;
      if (launches.stream().anyMatch(ColdStartLaunch::counted)) {
        checks.add(Check.passed(name));
      } else {
        String why = appMode + ": no launch reached its first OK; the first: " + launches.getFirst().failure();
        checks.add(Check.failed(name, why.lines().findFirst().orElse(why), why));
      }
    });
    outcome.skipped().forEach(skip -> checks.add(Check.skipped("experiment " + skip.split(":")[0], skip)));
    return checks;
  }

  @Override
  public List<String> problems() {
    List<String> problems = new ArrayList<>(outcome.skipped());
    outcome.data().launches().stream().filter(launch -> !launch.measured()).map(ColdStartLaunch::failure)
        .forEach(problems::add);
    return problems;
  }
}
