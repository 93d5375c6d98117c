package dev.perflab.harness.budget;

import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One cell as results.json records it: how its launches ended, raw launches, statistics, budget,
 * the machine factor its time budget was scaled by, and the budget's breaches.
 *
 * @param budget null when the run asserts no budgets (a smoke run, a first run)
 * @param machineFactor what its time budget was scaled by; null without budgets
 * @param timeDecision what its launches told of its time budget when they stopped ({@link BudgetDecision}):
 *     within or over, or undecided when they stopped; null without budgets
 * @param breaches the budgets it breaks that count
 * @param advisoryBreaches the time budgets it breaks where the verdict cannot be trusted
 *     ({@link #timeAdvisoryReason()}): reported, not failing
 */
public record CellReport(
    String cellId,
    Outcome outcome,
    ImageInfo image,
    AotTraining aotTraining,
    Map<String, Distribution> statistics,
    Budget budget,
    MachineFactor machineFactor,
    BudgetDecision timeDecision,
    List<Breach> breaches,
    List<Breach> advisoryBreaches,
    List<LaunchSample> launches) {

  public CellReport {
    Objects.requireNonNull(outcome, "outcome");
    breaches = List.copyOf(breaches);
    advisoryBreaches = List.copyOf(advisoryBreaches);
    launches = List.copyOf(launches);
  }

  /** Without budgets: measured and reported only. */
  public static CellReport unjudged(CellResult result) {
    return new CellReport(result.cellId(), result.outcome(), result.image(), result.aotTraining(), result.statistics(),
        null, null, null, List.of(), List.of(), result.launches());
  }

  /**
   * Against its budget, on a machine {@code factor} times as slow as the budgets': a time breach is
   * advisory where the time verdict cannot be trusted ({@link #timeAdvisoryReason()}).
   */
  public static CellReport judged(CellResult result, Budget budget, MachineFactor factor, BudgetDecision timeDecision,
      List<Breach> breaches) {
    boolean timeAdvisory = timeAdvisoryReason(factor, timeDecision) != null;
    List<Breach> advisory = timeAdvisory ? breaches.stream().filter(b -> b.factor() != null).toList() : List.of();
    List<Breach> binding = breaches.stream().filter(b -> !advisory.contains(b)).toList();
    return new CellReport(result.cellId(), result.outcome(), result.image(), result.aotTraining(), result.statistics(),
        budget, factor, timeDecision, binding, advisory, result.launches());
  }

  /**
   * Why this cell's time verdict does not count, or null when it does: the machine factor is not
   * trusted ({@link MachineFactor#advisoryReason()}), or the cell's launches stopped (at the most, or
   * once more were unlikely to tell) with its median still undecided against the scaled budget. On a
   * machine whose launches spread by 15 % (this VM at 1 CPU on 2026-11-26), five launches leave a
   * median uncertain by about ±20 %: failing on it failed cells with nothing changed, and passing on it
   * would pass a regression as readily.
   */
  public String timeAdvisoryReason() {
    return timeAdvisoryReason(machineFactor, timeDecision);
  }

  private static String timeAdvisoryReason(MachineFactor factor, BudgetDecision decision) {
    if (factor == null) {
      return null;
    }
    if (factor.advisory()) {
      return factor.advisoryReason();
    }
    return decision == BudgetDecision.UNDECIDED ? "its launches spread too widely to tell on which side of"
        + " the scaled budget the median lies (a one-sided " + Math.round(BudgetDecision.CONFIDENCE * 1000) / 10.0
        + " % bound each way): compare against the base in pairs to tell" : null;
  }

  /** A cell that failed or could not run: its budget named, nothing judged. */
  public static CellReport notJudged(CellResult result, Budget budget) {
    return new CellReport(result.cellId(), result.outcome(), result.image(), result.aotTraining(), result.statistics(),
        budget, null, null, List.of(), List.of(), result.launches());
  }

  public boolean passed() {
    return !outcome.failed() && breaches.isEmpty();
  }

  public List<LaunchSample> measured() {
    return launches.stream().filter(launch -> !launch.discarded()).toList();
  }
}
