package dev.perflab.harness.report;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.launch.CellFailure;
import dev.perflab.harness.measure.AotTraining;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.measure.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.run.CellResult;
import java.util.List;
import java.util.Map;

/**
 * One cell as results.json records it: raw launches, statistics, budget and verdict, or why it
 * is unavailable on this machine.
 */
public record CellReport(
    String cellId,
    String unavailable,
    ImageInfo image,
    AotTraining aotTraining,
    Map<String, Distribution> statistics,
    Budget budget,
    List<Breach> breaches,
    CellFailure failure,
    List<LaunchSample> launches) {

  public static CellReport of(CellResult result, Budget budget, List<Breach> breaches) {
    return new CellReport(result.cellId(), result.unavailable(), result.image(), result.aotTraining(),
        result.statistics(), budget,
        List.copyOf(breaches), result.failure(), result.launches());
  }

  public boolean passed() {
    return failure == null && breaches.isEmpty();
  }
}
