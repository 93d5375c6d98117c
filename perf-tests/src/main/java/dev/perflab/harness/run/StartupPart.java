package dev.perflab.harness.run;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.budget.BudgetDecision;
import dev.perflab.harness.budget.BudgetedMetric;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.MachineFactor;
import dev.perflab.harness.budget.RecordedBudgets;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.launch.CellLaunches;
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
import dev.perflab.harness.stats.Percent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measured launches of every cell of the catalog, taken in rounds, each cell against its budget scaled
 * by the machine factor of its profile: per image one discarded launch, then a measured launch of each
 * cell per round until its launches tell on which side of its budgets it lies ({@link BudgetDecision},
 * from {@value BudgetDecision#MIN_LAUNCHES} launches) or more launches are unlikely to tell its time
 * verdict ({@link BudgetDecision#chanceToDecide}), at most {@code perflab.repetitions}. Without
 * budgets (a smoke run, a first run) every cell gets all of them.
 */
public final class StartupPart implements Part {

  private static final Logger LOG = LoggerFactory.getLogger(StartupPart.class);
  /**
   * Reference runs per profile at the start of each round: at 1 CPU on this VM one run spread by 15 %,
   * and the factor's uncertainty (CV over the square root of the runs) must stay under
   * {@link MachineFactor#MOST_STANDARD_ERROR} for the verdicts to count.
   */
  static final int REFERENCE_RUNS_PER_ROUND = 2;

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
    long profiles = cells.stream().map(Cell::profile).distinct().count();
    // A launch about 9 s; a reference run about 2 s, per profile each round and after the last.
    return Duration.ofSeconds(9L * (cells.size() * measured + images * Launches.DISCARDED)
        + 2L * REFERENCE_RUNS_PER_ROUND * profiles * (measured + 1));
  }

  @Override
  public boolean usesBudgets() {
    return true;
  }

  /**
   * Round after round, one launch of each cell still undecided, and runs of the machine reference under
   * each profile those cells use at the start of each round and after the last: the host's
   * pace here moves over minutes (a cell's launches in one minute agreed within 3 % while the same
   * cell's medians an hour apart differed by up to 26 %, 2026-11-26), so each cell's launches and the
   * reference runs spread over the same minutes of the whole part, not one cell's minute. A cell stops
   * once its launches tell its verdicts; it is judged against the factor of the reference runs up to
   * then, the same the stop was decided with.
   */
  @Override
  public PartResult run(RunContext run) {
    Map<String, ReferenceRuns> reference = new LinkedHashMap<>();
    if (run.environment().machineReference() != null) {
      run.environment().machineReference().forEach(runs -> reference.put(runs.profile(), runs));
    }
    Budgets budgets = run.budgets();
    Map<String, ReferenceRuns> referenceByCell = new LinkedHashMap<>();
    Map<String, BudgetDecision.Noise> timeNoiseByCell = new LinkedHashMap<>();
    List<CellLaunches> cells = new ArrayList<>();
    try (Lab lab = run.openLab()) {
      Set<String> discardedImages = new HashSet<>();
      for (Cell cell : run.catalog().cells()) {
        CellLaunches launches = CellLaunches.open(lab, cell);
        cells.add(launches);
        // The discarded launch reads the image's files into the page cache, where its other cells find them.
        if (!launches.ended() && discardedImages.add(cell.image())) {
          for (int i = 0; i < Launches.DISCARDED && !launches.ended(); i++) {
            launches.discard();
          }
        }
      }
      List<CellLaunches> active = cells.stream().filter(launches -> !launches.ended()).toList();
      for (int round = 1; round <= run.config().repetitions() && !active.isEmpty(); round++) {
        measureReference(run, reference, active);
        // The reference runs only at a round's start, so the factors hold for the whole round.
        Map<String, MachineFactor> factors = factors(budgets, reference);
        List<CellLaunches> next = new ArrayList<>();
        for (CellLaunches launches : active) {
          String profile = launches.cell().profile().name();
          MachineFactor factor = factors.get(profile);
          // The other cells do not launch while this one does: one pooled noise serves before and after.
          Map<BudgetedMetric, BudgetDecision.Noise> others =
              pooled(cells.stream().filter(other -> other != launches).map(CellLaunches::measured).toList());
          // Its last launch's: the verdict is told with the noise its stop was decided with.
          timeNoiseByCell.put(launches.cell().id(), others.get(BudgetedMetric.TIME_TO_FIRST_OK));
          // Memory after the warm-up moves little: once its budget is decided, the cell's launches skip the
          // warm-up, most of a launch's time beyond its first OK.
          launches.measure(budgets == null || factor == null || !budgets.decided(BudgetedMetric.RSS_AFTER_WARMUP,
              launches.cell().id(), launches.measured(), factor, others));
          boolean memoryTold = budgets != null && factor != null && !launches.ended() && budgets.decided(
              BudgetedMetric.RSS_AFTER_WARMUP, launches.cell().id(), launches.measured(), factor, others);
          boolean decided = memoryTold && budgets.decided(BudgetedMetric.TIME_TO_FIRST_OK, launches.cell().id(),
              launches.measured(), factor, others);
          boolean outOfReach = memoryTold && !decided && round < run.config().repetitions()
              && timeOutOfReach(run, budgets, launches, factor, others, reference.get(profile), round);
          if (decided || outOfReach || launches.ended()) {
            if (decided && round < run.config().repetitions()) {
              LOG.info("{}: {} measured launches tell its verdicts; no more", launches.cell().id(),
                  launches.measured().size());
            }
            referenceByCell.put(launches.cell().id(), reference.get(profile));
          } else {
            next.add(launches);
          }
        }
        if (round == run.config().repetitions() && !next.isEmpty()) {
          measureReference(run, reference, next);
          next.forEach(launches -> referenceByCell.put(launches.cell().id(),
              reference.get(launches.cell().profile().name())));
        }
        active = next;
      }
    }
    return Result.judged(Launches.DISCARDED, run.config().repetitions(),
        cells.stream().map(CellLaunches::result).toList(), budgets, List.copyOf(reference.values()), referenceByCell,
        timeNoiseByCell, run.environment().profiles());
  }

  /**
   * Whether the cell's time verdict, its memory verdict told, is unlikely to be by the most launches
   * (under {@link BudgetDecision#LEAST_CHANCE_TO_DECIDE}, {@link BudgetDecision#chanceToDecide}), the
   * reference then run {@value #REFERENCE_RUNS_PER_ROUND} times more each round left and after the
   * last: the launches left would end in the same advisory verdict, later.
   */
  private static boolean timeOutOfReach(RunContext run, Budgets budgets, CellLaunches launches, MachineFactor factor,
      Map<BudgetedMetric, BudgetDecision.Noise> others, ReferenceRuns reference, int round) {
    String cellId = launches.cell().id();
    int most = run.config().repetitions();
    double chance = budgets.chanceToDecideTime(cellId, launches.measured(), factor,
        others.getOrDefault(BudgetedMetric.TIME_TO_FIRST_OK, BudgetDecision.Noise.NONE), most,
        reference.wallMillis().size() + REFERENCE_RUNS_PER_ROUND * (most - round + 1));
    if (chance >= BudgetDecision.LEAST_CHANCE_TO_DECIDE) {
      return false;
    }
    LOG.info("{}: {} measured launches leave its time verdict undecided, and {} would tell it with a chance of"
        + " {}; no more (its time verdict is advisory)", cellId, launches.measured().size(), most,
        Percent.of(chance));
    return true;
  }

  /** {@value #REFERENCE_RUNS_PER_ROUND} more runs of the machine reference under each profile {@code cells} use. */
  private static void measureReference(RunContext run, Map<String, ReferenceRuns> reference,
      List<CellLaunches> cells) {
    cells.stream().map(launches -> launches.cell().profile()).distinct().forEach(profile -> reference.merge(
        profile.name(), MachineReference.measure(run.catalog(), profile, REFERENCE_RUNS_PER_ROUND), ReferenceRuns::plus));
  }

  /**
   * Per budgeted metric a launch measures, the noise of {@code cells}' measured launches pooled: a
   * cell's stop and its verdict read it over every other cell of the run.
   */
  static Map<BudgetedMetric, BudgetDecision.Noise> pooled(List<List<LaunchSample>> cells) {
    Map<BudgetedMetric, BudgetDecision.Noise> pooled = new EnumMap<>(BudgetedMetric.class);
    for (BudgetedMetric metric : BudgetedMetric.values()) {
      if (metric.perLaunch()) {
        BudgetDecision.Noise noise = BudgetDecision.Noise.NONE;
        for (List<LaunchSample> measured : cells) {
          noise = noise.plus(metric.values(measured));
        }
        pooled.put(metric, noise);
      }
    }
    return pooled;
  }

  /** Per profile, this machine against the budgets' (empty without budgets). */
  static Map<String, MachineFactor> factors(Budgets budgets, Map<String, ReferenceRuns> reference) {
    Map<String, MachineFactor> factors = new LinkedHashMap<>();
    reference.forEach((profile, runs) -> {
      MachineFactor factor = factor(budgets, runs);
      if (factor != null) {
        factors.put(profile, factor);
      }
    });
    return factors;
  }

  /** This machine against the budgets' under {@code runs}' profile; null without budgets or their figure for it. */
  static MachineFactor factor(Budgets budgets, ReferenceRuns runs) {
    return budgets == null || runs == null || !budgets.machineReferenceMillis().containsKey(runs.profile()) ? null
        : budgets.factor(runs.profile(), runs);
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
     * Each cell against its budget, time budgets scaled by the factor of {@code referenceByCell}'s runs
     * for it (its profile's reference runs while it was measured) and its time verdict told with the
     * other cells' noise of {@code timeNoiseByCell} (as at its last launch), so that it says what its
     * stop was decided on; with {@code budgets} null, reported as measured only (a smoke run, a first run).
     *
     * @param machineReference every reference run of the run, per profile, for the report
     */
    public static Result judged(int discardedLaunches, int measuredLaunches, List<CellResult> results, Budgets budgets,
        List<ReferenceRuns> machineReference, Map<String, ReferenceRuns> referenceByCell,
        Map<String, BudgetDecision.Noise> timeNoiseByCell, List<ResourceProfile> profiles) {
      List<CellReport> cells = new ArrayList<>();
      for (CellResult result : results) {
        if (budgets == null) {
          cells.add(CellReport.unjudged(result));
          continue;
        }
        Budget budget = budgets.cells().get(result.cellId());
        MachineFactor factor = factor(budgets, referenceByCell.get(result.cellId()));
        if (!result.outcome().measured() || factor == null) {
          cells.add(CellReport.notJudged(result, budget));
        } else {
          BudgetDecision.Noise noise = Objects.requireNonNull(timeNoiseByCell.get(result.cellId()),
              () -> "no noise recorded for the launches of " + result.cellId());
          BudgetDecision decision = Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, result.measured(), factor,
              noise);
          cells.add(CellReport.judged(result, budget, factor, decision, budgets.check(result, factor)));
        }
      }
      return new Result(discardedLaunches, measuredLaunches, cells, machineReference, profiles);
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
      if (metric.scalesWithMachine() && cell.timeAdvisoryReason() != null) {
        String measured = cell.advisoryBreaches().stream().filter(b -> b.metric().equals(metric.checkName()))
            .map(Breach::message).findFirst().orElse("within the scaled budget");
        return Check.advisory(name, cell.timeAdvisoryReason(), measured);
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
