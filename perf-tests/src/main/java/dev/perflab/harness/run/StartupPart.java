package dev.perflab.harness.run;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.BudgetedMetric;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.RecordedBudgets;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.Launches;
import dev.perflab.harness.report.StartupTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Measured launches of every cell of the catalog, one after another, each against its budget:
 * per cell one discarded launch, then {@code perflab.repetitions} measured ones.
 */
public final class StartupPart implements Part {

  @Override
  public String name() {
    return "startup";
  }

  @Override
  public boolean inDefaultRun() {
    return true;
  }

  /**
   * About 9 s a launch (start, warm-up requests, readings, removal), the discarded one included; a
   * cell whose image is missing costs nothing.
   */
  @Override
  public Duration estimate(RunContext run) {
    long cells = run.catalog().cells().stream().filter(cell -> run.images().find(cell.image()).isPresent()).count();
    return Duration.ofSeconds(9L * cells * (run.config().repetitions() + Launches.DISCARDED));
  }

  @Override
  public boolean usesBudgets() {
    return true;
  }

  @Override
  public PartResult run(RunContext run) {
    List<CellResult> measured;
    try (Lab lab = run.openLab()) {
      measured = Launches.measure(lab, run.catalog().cells(), run.config().repetitions());
    }
    return Result.judged(Launches.DISCARDED, run.config().repetitions(), measured, run.budgets(),
        run.environment().profiles());
  }

  /**
   * Every cell with its verdicts.
   *
   * @param profiles the catalog's, in its order: the page draws a chart per profile
   */
  public record Result(int discardedLaunches, int measuredLaunches, List<CellReport> cells,
      List<ResourceProfile> profiles) implements PartResult {

    public Result {
      cells = List.copyOf(cells);
      profiles = List.copyOf(profiles);
    }

    /** Each cell against its budget; with {@code budgets} null, reported as measured only (a smoke run). */
    public static Result judged(int discardedLaunches, int measuredLaunches, List<CellResult> results, Budgets budgets,
        List<ResourceProfile> profiles) {
      List<CellReport> cells = results.stream()
          .map(result -> budgets == null || !result.outcome().measured()
              ? CellReport.of(result, budgets == null ? null : budgets.cells().get(result.cellId()), List.of())
              : CellReport.of(result, budgets.cells().get(result.cellId()), budgets.check(result)))
          .toList();
      return new Result(discardedLaunches, measuredLaunches, cells, profiles);
    }

    @Override
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("discardedLaunches", discardedLaunches);
      json.put("measuredLaunches", measuredLaunches);
      json.put("cells", cells);
      return json;
    }

    @Override
    public String markdown() {
      StringBuilder md = new StringBuilder();
      StartupTable.append(md, discardedLaunches, measuredLaunches, cells);
      return md.toString();
    }

    @Override
    public void html(HtmlPage page) {
      PerfRunHtml.startup(page, discardedLaunches, measuredLaunches, cells, profiles);
    }

    /** Per cell, one check for its launches and one per budgeted metric, so CI lists each verdict. */
    @Override
    public List<Check> checks() {
      return cells.stream().flatMap(cell -> Stream.concat(Stream.of(launches(cell)),
          Stream.of(BudgetedMetric.values()).map(metric -> budget(cell, metric)))).toList();
    }

    private static Check launches(CellReport cell) {
      return Check.of(cell.cellId() + " launches", cell.outcome(), failed -> cell.cellId() + ": " + failed.reason());
    }

    private static Check budget(CellReport cell, BudgetedMetric metric) {
      String name = cell.cellId() + " " + metric.checkName();
      // A failed cell fails once, in its launches check; its metrics have nothing to check.
      if (!cell.outcome().measured()) {
        return Check.skipped(name, "no measured launches");
      }
      if (cell.budget() == null) {
        return Check.skipped(name, "no budget: measured only");
      }
      Optional<Breach> breach = cell.breaches().stream().filter(b -> b.metric().equals(metric.checkName())).findFirst();
      return breach.map(b -> Check.overBudget(name, b.message(), b.message())).orElse(Check.passed(name));
    }

    @Override
    public List<String> problems() {
      List<String> problems = new ArrayList<>();
      for (CellReport cell : cells) {
        if (cell.outcome() instanceof Outcome.Failed failed) {
          problems.add(failed.describe());
        }
        cell.breaches().forEach(breach -> problems.add(breach.message()));
      }
      return problems;
    }

    @Override
    public Optional<String> passed() {
      long measured = cells.stream().filter(cell -> !cell.outcome().unavailable()).count();
      return Optional.of(measured + (cells.stream().anyMatch(cell -> cell.budget() != null)
          ? " cell(s) within their budgets"
          : " cell(s) measured, none asserted (no budgets); budgets proposed from their medians in "
              + RecordedBudgets.FILE));
    }

    @Override
    public long unavailableCells() {
      return cells.stream().filter(cell -> cell.outcome().unavailable()).count();
    }
  }
}
