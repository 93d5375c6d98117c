package dev.perflab.harness.result;

import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.environment.EnvironmentRecord;
import java.util.List;
import java.util.Map;

/**
 * A comparison run's results: what was compared with what, how, where, and per run and cell the
 * samples, ratios, intervals and verdicts, and for repeated runs how the verdicts fell. Written as
 * {@code comparison.json}, {@code summary.md} (verdicts first, to paste as a pull-request comment)
 * and {@code index.html}.
 *
 * @param mostPairsPerCell the most pairs of launches a cell could run (against a recorded run: the most
 *     launches of side B)
 * @param minutesPerCell the time per cell its pairs were planned to fit
 * @param injectedSlowdown the injected regression's size (0.10 = 10 %); 0 for any other comparison
 * @param thresholds per metric key, the relative change the comparison must catch
 * @param notes what a reader must know to weigh the verdicts (a recorded baseline, the injected delay)
 * @param runs per run (one unless an experiment repeats the comparison), every cell compared
 */
public record ComparisonReport(
    CompareMode mode, EnvironmentRecord environment, int mostPairsPerCell, long minutesPerCell,
    double injectedSlowdown, Map<String, Double> thresholds, List<String> notes, List<List<CellComparison>> runs,
    List<Tally> tallies) {

  public ComparisonReport(CompareMode mode, EnvironmentRecord environment, int mostPairsPerCell, long minutesPerCell,
      double injectedSlowdown, Map<String, Double> thresholds, List<String> notes, List<List<CellComparison>> runs) {
    this(mode, environment, mostPairsPerCell, minutesPerCell, injectedSlowdown, Map.copyOf(thresholds),
        List.copyOf(notes),
        runs.stream().map(List::copyOf).toList(), Tally.of(runs));
  }
}
