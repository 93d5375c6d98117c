package dev.perflab.harness.run;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.budget.BudgetDecision;
import dev.perflab.harness.budget.BudgetedMetric;
import dev.perflab.harness.budget.BudgetedMetric;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.MachineFactor;
import dev.perflab.harness.budget.RecordedBudgets;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.Launches;
import dev.perflab.harness.reference.MachineReference;
import dev.perflab.harness.report.StartupTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Measured launches of every cell of the catalog, one after another, each against its budget scaled
 * by the machine factor of its profile: per cell one discarded launch, then measured ones until the
 * launches tell on which side of its budgets the cell lies ({@link BudgetDecision}, from
 * {@value BudgetDecision#MIN_LAUNCHES} launches), at most {@code perflab.repetitions}. Without budgets
 * (a smoke run, a first run) every cell gets all of them.
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
   * About 9 s a launch at the reference pace (start, warm-up requests, readings, removal), a discarded
   * one per image; a cell whose image is missing costs nothing. With budgets, most cells stop at the
   * fewest launches.
   */
  @Override
  public Duration estimate(RunContext run) {
    List<Cell> cells = run.catalog().cells().stream().filter(cell -> run.images().find(cell.image()).isPresent())
        .toList();
    long images = cells.stream().map(Cell::image).distinct().count();
    int measured = run.budgets() == null ? run.config().repetitions()
        : Math.min(run.config().repetitions(), BudgetDecision.MIN_LAUNCHES + 1);
    // A launch about 9 s, a reference run about 2 s.
    return Duration.ofSeconds(9L * (cells.size() * measured + images * Launches.DISCARDED) + 2L * cells.size());
  }

  @Override
  public boolean usesBudgets() {
    return true;
  }

  /**
   * Right before and right after each cell's launches, one more run of the machine reference under its
   * profile: the host's pace drifts over minutes, and reference runs spread among the cells time the
   * pace the cells ran at. A cell stops against the factor of the runs so far, and its spread against
   * the noise of the cells before it; every verdict is judged against the factor of all the runs.
   */
  @Override
  public PartResult run(RunContext run) {
    Map<String, ReferenceRuns> reference = new LinkedHashMap<>();
    if (run.environment().machineReference() != null) {
      run.environment().machineReference().forEach(runs -> reference.put(runs.profile(), runs));
    }
    List<CellResult> measured = new ArrayList<>();
    Set<String> launchedImages = new HashSet<>();
    Map<BudgetedMetric, BudgetDecision.Noise> pooled = new EnumMap<>(BudgetedMetric.class);
    try (Lab lab = run.openLab()) {
      for (Cell cell : run.catalog().cells()) {
        boolean launched = run.images().find(cell.image()).isPresent();
        if (launched) {
          reference.merge(cell.profile().name(), MachineReference.measure(run.catalog(), cell.profile(), 1),
              ReferenceRuns::plus);
        }
        Budgets budgets = run.budgets();
        MachineFactor factorSoFar = factors(budgets, reference).get(cell.profile().name());
        Map<BudgetedMetric, BudgetDecision.Noise> pooledSoFar = Map.copyOf(pooled);
        Predicate<List<LaunchSample>> enough = budgets == null || factorSoFar == null ? launches -> false
            : launches -> budgets.decided(cell.id(), launches, factorSoFar, pooledSoFar);
        // Memory after the warm-up moves little: once its budget is decided, the cell's launches skip the
        // warm-up, most of a launch's time beyond its first OK.
        Predicate<List<LaunchSample>> warmup = budgets == null || factorSoFar == null ? launches -> true
            : launches -> !budgets.decided(BudgetedMetric.RSS_AFTER_WARMUP, cell.id(), launches, factorSoFar,
                pooledSoFar);
        // The discarded launch reads the image's files into the page cache; the image's next cell finds
        // them there (its first launch was no slower than its others, 2026-11-26).
        int discarded = launchedImages.add(cell.image()) ? Launches.DISCARDED : 0;
        CellResult result = Launches.measure(lab, cell, discarded, run.config().repetitions(), enough, warmup);
        measured.add(result);
        pool(pooled, result);
        if (launched) {
          reference.merge(cell.profile().name(), MachineReference.measure(run.catalog(), cell.profile(), 1),
              ReferenceRuns::plus);
        }
      }
    }
    return Result.judged(Launches.DISCARDED, run.config().repetitions(), measured, run.budgets(),
        List.copyOf(reference.values()), run.environment().profiles());
  }

  /** The cell's launches pooled into the run's noise of each budgeted metric a launch measures. */
  static void pool(Map<BudgetedMetric, BudgetDecision.Noise> pooled, CellResult result) {
    for (BudgetedMetric metric : BudgetedMetric.values()) {
      if (metric.perLaunch()) {
        pooled.merge(metric, BudgetDecision.Noise.NONE.plus(metric.values(result.measured())),
            (noise, cell) -> noise.plus(metric.values(result.measured())));
      }
    }
  }

  /** Per profile, this machine against the budgets' (empty without budgets). */
  static Map<String, MachineFactor> factors(Budgets budgets, Map<String, ReferenceRuns> reference) {
    Map<String, MachineFactor> factors = new LinkedHashMap<>();
    if (budgets != null) {
      reference.forEach((profile, runs) -> {
        if (budgets.machineReferenceMillis().containsKey(profile)) {
          factors.put(profile, budgets.factor(profile, runs));
        }
      });
    }
    return factors;
  }

  /**
   * Every cell with its verdicts.
   *
   * @param profiles the catalog's, in its order: the page draws a chart per profile
   */
  public record Result(int discardedLaunches, int measuredLaunches, List<CellReport> cells,
      List<ReferenceRuns> machineReference, List<ResourceProfile> profiles) implements PartResult {

    public Result {
      cells = List.copyOf(cells);
      machineReference = List.copyOf(machineReference);
      profiles = List.copyOf(profiles);
    }

    /**
     * Each cell against its budget, time budgets scaled by the factor of the cell's profile; with
     * {@code budgets} null, reported as measured only (a smoke run, a first run).
     */
    public static Result judged(int discardedLaunches, int measuredLaunches, List<CellResult> results, Budgets budgets,
        List<ReferenceRuns> machineReference, List<ResourceProfile> profiles) {
      Map<String, ReferenceRuns> byProfile = new LinkedHashMap<>();
      machineReference.forEach(runs -> byProfile.put(runs.profile(), runs));
      Map<String, MachineFactor> factors = factors(budgets, byProfile);
      Map<BudgetedMetric, BudgetDecision.Noise> pooled = new EnumMap<>(BudgetedMetric.class);
      List<CellReport> cells = new ArrayList<>();
      for (CellResult result : results) {
        if (budgets == null) {
          cells.add(CellReport.unjudged(result));
          continue;
        }
        Budget budget = budgets.cells().get(result.cellId());
        MachineFactor factor = factors.get(profileOf(result.cellId()));
        if (!result.outcome().measured() || factor == null) {
          cells.add(CellReport.notJudged(result, budget));
        } else {
          BudgetDecision decision = Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, result.measured(), factor,
              pooled.getOrDefault(BudgetedMetric.TIME_TO_FIRST_OK, BudgetDecision.Noise.NONE));
          cells.add(CellReport.judged(result, budget, factor, decision, budgets.check(result, factor)));
        }
        pool(pooled, result);
      }
      return new Result(discardedLaunches, measuredLaunches, cells, machineReference, profiles);
    }

    private static String profileOf(String cellId) {
      return cellId.substring(cellId.lastIndexOf('/') + 1);
    }

    @Override
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("discardedLaunches", discardedLaunches);
      json.put("measuredLaunches", measuredLaunches);
      json.put("machineReference", machineReference);
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
      if (metric.scalesWithMachine() && cell.machineFactor() != null && cell.machineFactor().advisory()) {
        String measured = cell.advisoryBreaches().stream().filter(b -> b.metric().equals(metric.checkName()))
            .map(Breach::message).findFirst().orElse("within the scaled budget");
        return Check.advisory(name, cell.machineFactor().advisoryReason(), measured);
      }
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
