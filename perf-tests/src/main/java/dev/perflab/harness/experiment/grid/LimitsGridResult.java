package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.experiment.ExperimentFile;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.util.List;
import java.util.Map;

/**
 * A limits grid's result: its points, the analyses and findings from them, their costs, its summary and page. A
 * point that dies under tight limits is a measurement (the memory floor is read from such deaths),
 * not a failure; an app and mode none of whose points ran a step is one, with the first death's
 * account.
 */
record LimitsGridResult(ExperimentFile experiment, String scale, Sweep.Outcome<GridData> outcome, GridReport report,
    CostReport cost, String summary) implements ExperimentResult {

  static LimitsGridResult of(ExperimentRun run, LimitsGridSpec spec, Sweep.Outcome<GridData> outcome) {
    ExperimentFile experiment = run.experiment();
    GridReport report = GridAnalyses.analyse(outcome.data(), spec.analysis(), experiment.findings(),
        profilesAtRate(run.catalog(), spec.analysis()));
    CostReport cost = GridCosts.reckon(outcome.data(), report, spec.cost());
    String summary = GridSummary.render(experiment.title() + " (scale " + run.scale() + ")",
        KindReports.study(experiment) + " Dataset: " + GridDataset.CSV + " and " + GridDataset.JSON
            + ", one row per point, repetition and step; " + GridDataset.SECONDS_CSV + " and "
            + GridDataset.SECONDS_JSON + ", one row per measured second of each step.",
        report, cost, outcome.data().rows(), KindReports.measuredIn(outcome, run.environment()), run.rerun());
    return new LimitsGridResult(experiment, run.scale(), outcome, report, cost, summary);
  }

  /**
   * Each app's profiles at the rate it is driven at in the catalog; where the catalog finds that rate
   * from the capacity, the analysis' target rate stands in (a grid searches no capacity). None for a
   * closed grid: its steps are concurrencies, and the catalog's are rates.
   */
  static List<ProfileAtRate> profilesAtRate(Catalog catalog, GridAnalysis analysis) {
    if (analysis.targetRatePerSecond() == null) {
      return List.of();
    }
    return catalog.cells().stream().map(cell -> {
      LoadSettings load = catalog.load().forCell(cell);
      double rate = load.rateFromCapacity() ? analysis.targetRatePerSecond() : load.fixedRatePerSecond();
      return new ProfileAtRate(cell.app().name(), cell.mode().name(), cell.profile(), rate);
    }).toList();
  }

  /** Points (each repetition once) in the dataset. */
  long points() {
    return outcome.data().rows().stream().map(row -> row.pointId() + "#" + row.repetition()).distinct().count();
  }

  @Override
  public Map<String, Object> json() {
    Map<String, Object> json = KindReports.jsonHead(experiment, LimitsGridSpec.KIND, scale, points(), outcome);
    json.put("analysis", report);
    json.put("cost", cost);
    return json;
  }

  @Override
  public String markdown() {
    return summary;
  }

  @Override
  public void html(HtmlPage page) {
    GridHtml.render(page, report, cost, outcome.data().rows(), summary);
  }

  @Override
  public List<Check> checks() {
    return KindReports.checks(outcome.data().rows(), row -> row.app() + "/" + row.mode(), GridRow::measured,
        GridRow::failure, "no point of the grid ran a load step", outcome.skipped());
  }

  @Override
  public List<String> problems() {
    return outcome.skipped();
  }
}
