package dev.perflab.harness.compare;

import java.util.List;
import java.util.Map;

/**
 * One cell compared: each side's image and raw samples per metric (keyed by
 * {@link ComparedMetric#key()}), and a {@link Comparison} per metric. A cell whose launches failed
 * has the failure (with the container's log) and the comparisons its samples allowed; a cell that
 * cannot run here (no native-image) is {@code unavailable}, neither passed nor failed.
 */
public record CellComparison(
    String cellId, String baselineImage, String candidateImage, Map<String, List<Double>> baseline,
    Map<String, List<Double>> candidate, List<Comparison> comparisons, String failure, String unavailable) {

  public CellComparison {
    baseline = Map.copyOf(baseline);
    candidate = Map.copyOf(candidate);
    comparisons = List.copyOf(comparisons);
  }

  public static CellComparison unavailable(CellPair pair, String reason) {
    return new CellComparison(pair.cellId(), pair.baseline().image(), pair.candidate().image(), Map.of(), Map.of(),
        List.of(), null, reason);
  }

  public boolean regressed() {
    return failure != null || comparisons.stream().anyMatch(c -> c.verdict() == Verdict.REGRESSION);
  }
}
