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
 * One cell as results.json records it: how its launches ended, raw launches, statistics, budget
 * and the budget's breaches.
 *
 * @param budget null when the run asserts no budgets (a smoke run)
 */
public record CellReport(
    String cellId,
    Outcome outcome,
    ImageInfo image,
    AotTraining aotTraining,
    Map<String, Distribution> statistics,
    Budget budget,
    List<Breach> breaches,
    List<LaunchSample> launches) {

  public CellReport {
    Objects.requireNonNull(outcome, "outcome");
    breaches = List.copyOf(breaches);
    launches = List.copyOf(launches);
  }

  public static CellReport of(CellResult result, Budget budget, List<Breach> breaches) {
    return new CellReport(result.cellId(), result.outcome(), result.image(), result.aotTraining(), result.statistics(),
        budget, breaches, result.launches());
  }

  public boolean passed() {
    return !outcome.failed() && breaches.isEmpty();
  }

  public List<LaunchSample> measured() {
    return launches.stream().filter(launch -> !launch.discarded()).toList();
  }
}
