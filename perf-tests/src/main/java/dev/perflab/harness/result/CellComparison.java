package dev.perflab.harness.result;

import dev.perflab.harness.stats.Comparison;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One cell compared: what each side launched (image name, image ID, launches) and its raw samples per
 * metric (keyed by the metric's key), and
 * a {@link Comparison} per metric. A cell whose launches failed has that failure (with the
 * container's log) as its outcome and the comparisons its samples allowed; a cell that cannot run
 * here (no native-image) is unavailable, neither passed nor failed.
 *
 * @param pairedRun how its launches ran in pairs; null where they did not (against a recorded run, or
 *     a cell that launched nothing)
 * @param explanation its flight-recorded starts set side by side ({@code -Dperflab.compare.explain=jfr}); null
 *     when not asked for
 */
public record CellComparison(
    String cellId, LaunchedImage baselineLaunched, LaunchedImage candidateLaunched, Map<String, List<Double>> baseline,
    Map<String, List<Double>> candidate, List<Comparison> comparisons, Outcome outcome, PairedRun pairedRun,
    StartupExplanation explanation) {

  public CellComparison {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(baselineLaunched, "baselineLaunched");
    Objects.requireNonNull(candidateLaunched, "candidateLaunched");
    baseline = Map.copyOf(baseline);
    candidate = Map.copyOf(candidate);
    comparisons = List.copyOf(comparisons);
  }

  public CellComparison(String cellId, LaunchedImage baselineLaunched, LaunchedImage candidateLaunched,
      Map<String, List<Double>> baseline, Map<String, List<Double>> candidate, List<Comparison> comparisons,
      Outcome outcome, PairedRun pairedRun) {
    this(cellId, baselineLaunched, candidateLaunched, baseline, candidate, comparisons, outcome, pairedRun, null);
  }

  public CellComparison withExplanation(StartupExplanation startupExplanation) {
    return new CellComparison(cellId, baselineLaunched, candidateLaunched, baseline, candidate, comparisons, outcome,
        pairedRun, startupExplanation);
  }

  public static CellComparison notCompared(String cellId, LaunchedImage baseline, LaunchedImage candidate,
      Map<String, List<Double>> baselineSamples, Outcome why) {
    return new CellComparison(cellId, baseline, candidate, baselineSamples, Map.of(), List.of(), why, null);
  }
}
