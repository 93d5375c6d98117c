package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.finding.Estimate;
import java.util.List;
import java.util.Locale;

/**
 * A figure over a configuration's runs: its median, and the lowest and highest run, which are its noise (the
 * study's ten runs, our two or more). One run has no noise: its estimate's interval is unknown.
 */
record Spread(double median, double min, double max, int runs) {

  static Spread of(List<Double> values) {
    if (values.isEmpty()) {
      return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    return new Spread(median, sorted.getFirst(), sorted.getLast(), n);
  }

  boolean known() {
    return runs > 0;
  }

  /** The median within the runs' range; unknown with fewer than two runs. */
  Estimate estimate() {
    return runs >= 2 ? new Estimate(median, min, max) : Estimate.unknown(median);
  }

  /** This less {@code other}: the medians' difference, from the worst pairing of runs to the best. */
  Estimate minus(Spread other) {
    double value = median - other.median;
    return runs >= 2 && other.runs >= 2 ? new Estimate(value, Math.min(value, min - other.max),
        Math.max(value, max - other.min)) : Estimate.unknown(value);
  }

  /** "0.56 (0.52–0.60)", or "0.56 (one run)"; {@code percent} shows ratios as per cent. */
  String described(boolean percent) {
    if (!known()) {
      return "–";
    }
    String format = percent ? "%.1f %%" : "%.2f";
    double scale = percent ? 100 : 1;
    String median = String.format(Locale.ROOT, format, this.median * scale);
    return runs == 1 ? median + " (one run)" : median + " (" + String.format(Locale.ROOT, format, min * scale)
        .replace(" %", "") + "–" + String.format(Locale.ROOT, format, max * scale) + ")";
  }
}
