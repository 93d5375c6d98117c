package dev.perflab.harness.report.html;

/**
 * One compared metric of an A/B run as {@link RatioChart} draws it (from a
 * {@code dev.perflab.harness.stats.Comparison}: its ratio, interval, threshold and verdict).
 *
 * @param label what was compared, e.g. "quarkus/jvm/1cpu-512m time to first OK"
 * @param ratio candidate B over baseline A (1.10 = B is 10 % higher)
 * @param lower the interval's lower end
 * @param upper the interval's upper end
 * @param threshold the relative change that earns a verdict (0.05 = 5 %)
 * @param verdict REGRESSION, IMPROVEMENT or NO_CHANGE (the names of compare.Verdict)
 */
public record RatioRow(String label, double ratio, double lower, double upper, double threshold, String verdict) {

  public RatioRow {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("a ratio row needs a label");
    }
    if (!(ratio > 0 && lower > 0 && upper >= lower && Double.isFinite(upper))) {
      throw new IllegalArgumentException(label + ": a ratio row needs 0 < lower <= upper, all finite, and a positive"
          + " ratio; got ratio " + ratio + ", interval " + lower + "–" + upper);
    }
    if (!(threshold > 0 && threshold < 1)) {
      throw new IllegalArgumentException(label + ": the threshold is a fraction between 0 and 1 exclusive (0.05 = 5 %),"
          + " got " + threshold);
    }
    if (verdict == null || verdict.isBlank()) {
      throw new IllegalArgumentException(label + ": a ratio row needs a verdict");
    }
  }
}
