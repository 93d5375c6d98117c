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
 *     decided early, or undecided at the most launches and judged on the median; null without budgets
 * @param breaches the budgets it breaks that count
 * @param advisoryBreaches the time budgets it breaks on a machine too unlike the budgets' for the
 *     factor to be trusted ({@link MachineFactor#advisory()}): reported, not failing
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
   * Against its budget, on a machine {@code factor} times as slow as the budgets': a time breach on a
   * machine whose factor is not trusted is advisory.
   */
  public static CellReport judged(CellResult result, Budget budget, MachineFactor factor, BudgetDecision timeDecision,
      List<Breach> breaches) {
    List<Breach> advisory = factor.advisory() ? breaches.stream().filter(b -> b.factor() != null).toList() : List.of();
    List<Breach> binding = breaches.stream().filter(b -> !advisory.contains(b)).toList();
    BudgetDecision decision = timeDecision;
    return new CellReport(result.cellId(), result.outcome(), result.image(), result.aotTraining(), result.statistics(),
        budget, factor, decision, binding, advisory, result.launches());
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
