package dev.perflab.harness.experiment.finding;

import dev.perflab.harness.stats.RatioInterval;
import java.util.Locale;

/**
 * A measured figure and the interval it is known to within: a ratio's confidence interval, a difference
 * widened by the noise of its repetitions, the values a rank correlation takes over the orders the noise
 * allows. A figure whose interval is unknown (one repetition, where the noise between repetitions is what
 * decides) is {@link #unknown}: it can never sit inside or outside a claim.
 *
 * @param value the figure itself
 * @param lower the interval's lower end (at most {@code value}; negative infinity when unknown)
 * @param upper its upper end (at least {@code value}; positive infinity when unknown)
 */
public record Estimate(double value, double lower, double upper) {

  public Estimate {
    if (Double.isNaN(value) || Double.isNaN(lower) || Double.isNaN(upper) || lower > value || value > upper) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "an estimate needs lower <= value <= upper, got %s <= %s <= %s", lower, value, upper));
    }
  }

  /** A figure known exactly: a count, or a figure of one measurement that no noise bears on. */
  public static Estimate exact(double value) {
    return new Estimate(value, value, value);
  }

  /** {@code value} ± {@code halfWidth}. */
  public static Estimate within(double value, double halfWidth) {
    if (!(halfWidth >= 0)) {
      throw new IllegalArgumentException("a half-width must be 0 or more, got " + halfWidth);
    }
    return new Estimate(value, value - halfWidth, value + halfWidth);
  }

  /** A figure whose interval was not measured: any claim may hold or not for all it tells. */
  public static Estimate unknown(double value) {
    return new Estimate(value, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  }

  /** A ratio of medians with its rank interval (the interval's ends widened to hold the ratio, should it fall out). */
  public static Estimate of(RatioInterval ratio) {
    return new Estimate(ratio.ratio(), Math.min(ratio.lower(), ratio.ratio()), Math.max(ratio.upper(), ratio.ratio()));
  }

  public boolean known() {
    return Double.isFinite(lower) && Double.isFinite(upper);
  }
}
