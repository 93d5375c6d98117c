package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Our figures beside the study's for one row: each of its measures (throughputs per ms, cycle times in
 * ms, utilisations) with ours converted to its unit, and how far apart they are in units of the study's
 * interval half-width.
 */
final class StudyComparison {

  /** One measure: the study's estimate, ours, and our own half-width (0 for exact MVA). */
  record Figure(String row, String measure, StudyRows.Estimate study, double ours, double ourHalfWidth) {

    double difference() {
      return Math.abs(ours - study.mean());
    }

    /** Both intervals widened by the factor still overlap: their ends are no further apart than that. */
    boolean agrees(double widening, double floor) {
      return difference() <= widening * (study.halfWidth() + ourHalfWidth) + floor;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s %s: study %.5g ± %.3g, ours %.5g ± %.3g (off by %.2f of their half-width)",
          row, measure, study.mean(), study.halfWidth(), ours, ourHalfWidth, difference() / study.halfWidth());
    }
  }

  private StudyComparison() {}

  /**
   * The study's throughputs, cycle times and the utilisations named (their column → our station),
   * against a solution of the row's network; classes without customers have no cycle time to compare.
   */
  static List<Figure> figures(StudyRows.Row row, NetworkSolution ours, NetworkSolution ourHalfWidths,
      Map<String, String> utilisationColumns) {
    List<Figure> figures = new ArrayList<>();
    String name = row.toString();
    double populationTotal = 0;
    for (String c : List.of("A", "B")) {
      int population = row.count("N_" + c);
      populationTotal += population;
      figures.add(new Figure(name, "X0_" + c, row.estimate("X0_" + c), ours.throughputPerSecond(c) / 1000,
          ourHalfWidths == null ? 0 : ourHalfWidths.throughputPerSecond(c) / 1000));
      if (population > 0) {
        double think = 1e-3 / row.get("r_Z_" + c);
        figures.add(new Figure(name, "R0_" + c, row.estimate("R0_" + c), (ours.responseSeconds(c) + think) * 1000,
            ourHalfWidths == null ? 0 : ourHalfWidths.responseSeconds(c) * 1000));
      }
    }
    double throughput = ours.totalThroughputPerSecond();
    figures.add(new Figure(name, "X0", row.estimate("X0"), throughput / 1000,
        ourHalfWidths == null ? 0 : ourHalfWidths.totalThroughputPerSecond() / 1000));
    // The whole population over the whole throughput is the mean cycle of all requests (Little).
    double cycleHalfWidth = ourHalfWidths == null ? 0
        : populationTotal / throughput * ourHalfWidths.totalThroughputPerSecond() / throughput * 1000;
    figures.add(new Figure(name, "R0", row.estimate("R0"), populationTotal / throughput * 1000, cycleHalfWidth));
    utilisationColumns.forEach((column, station) -> figures.add(new Figure(name, column, row.estimate(column),
        ours.utilisation(station), ourHalfWidths == null ? 0 : ourHalfWidths.utilisation(station))));
    return figures;
  }
}
