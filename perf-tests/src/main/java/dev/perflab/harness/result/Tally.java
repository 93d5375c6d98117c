package dev.perflab.harness.result;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the verdicts on one cell's metric fell over repeated comparisons (an experiment such as
 * 20 A/A runs): what tells whether the gate cries wolf, or misses a regression it should catch.
 *
 * @param runs comparisons that gave this metric a verdict
 */
public record Tally(String cellId, Metric metric, int runs, int regressions, int improvements, int noChanges) {

  /** The share of runs an experiment's expected verdict must reach: 19 of 20. */
  public static final double TARGET_SHARE = 0.95;
  /** The share of regressions of exactly the threshold's size a gate must catch: its power, 16 of 20. */
  public static final double DETECTION_SHARE = 0.80;

  /** Per cell and metric, in the order they first appear. */
  public static List<Tally> of(List<List<CellComparison>> runs) {
    record Key(String cellId, Metric metric) {}
    Map<Key, int[]> counts = new LinkedHashMap<>();
    for (List<CellComparison> run : runs) {
      for (CellComparison cell : run) {
        for (Comparison comparison : cell.comparisons()) {
          counts.computeIfAbsent(new Key(cell.cellId(), comparison.metric()), key -> new int[Verdict.values().length])
              [comparison.verdict().ordinal()]++;
        }
      }
    }
    List<Tally> tallies = new ArrayList<>();
    counts.forEach((key, count) -> tallies.add(new Tally(key.cellId(), key.metric(), count[0] + count[1] + count[2],
        count[Verdict.REGRESSION.ordinal()], count[Verdict.IMPROVEMENT.ordinal()],
        count[Verdict.NO_CHANGE.ordinal()])));
    return List.copyOf(tallies);
  }

  public int count(Verdict verdict) {
    return switch (verdict) {
      case REGRESSION -> regressions;
      case IMPROVEMENT -> improvements;
      case NO_CHANGE -> noChanges;
    };
  }

  /** At least {@code share} of the runs, rounded up: 19 of 20 at 95 %. */
  public int required(double share) {
    return (int) Math.ceil(share * runs - 1e-9);
  }

  public boolean meets(Verdict expected, double share) {
    return count(expected) >= required(share);
  }
}
