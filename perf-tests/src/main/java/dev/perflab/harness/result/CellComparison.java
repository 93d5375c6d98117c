package dev.perflab.harness.result;

import dev.perflab.harness.stats.Comparison;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One cell compared: each side's image and raw samples per metric (keyed by the metric's key), and
 * a {@link Comparison} per metric. A cell whose launches failed has that failure (with the
 * container's log) as its outcome and the comparisons its samples allowed; a cell that cannot run
 * here (no native-image) is unavailable, neither passed nor failed.
 */
public record CellComparison(
    String cellId, String baselineImage, String candidateImage, Map<String, List<Double>> baseline,
    Map<String, List<Double>> candidate, List<Comparison> comparisons, Outcome outcome) {

  public CellComparison {
    Objects.requireNonNull(outcome, "outcome");
    baseline = Map.copyOf(baseline);
    candidate = Map.copyOf(candidate);
    comparisons = List.copyOf(comparisons);
  }

  public static CellComparison notCompared(String cellId, String baselineImage, String candidateImage,
      Map<String, List<Double>> baseline, Outcome why) {
    return new CellComparison(cellId, baselineImage, candidateImage, baseline, Map.of(), List.of(), why);
  }
}
