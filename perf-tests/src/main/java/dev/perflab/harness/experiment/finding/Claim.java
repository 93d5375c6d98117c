package dev.perflab.harness.experiment.finding;

import java.util.Locale;

/**
 * Where a study's finding puts a figure: the values of it the finding holds for, a closed interval whose
 * ends may be infinite ("above 1" is [1, ∞)). A finding that says "about x" holds for x within a stated
 * tolerance, which the kind that states it fixes in its source beside its other thresholds, before any run.
 *
 * @param lower the smallest value the finding holds for
 * @param upper the largest
 * @param text the region in words, for the report ("2.80 to 4.38", "at least 0.78")
 */
public record Claim(double lower, double upper, String text) {

  public Claim {
    if (Double.isNaN(lower) || Double.isNaN(upper) || lower > upper) {
      throw new IllegalArgumentException("a claim's region needs lower <= upper, got " + lower + " and " + upper);
    }
  }

  /** [{@code lower}, ∞). */
  public static Claim atLeast(double lower) {
    return new Claim(lower, Double.POSITIVE_INFINITY, "at least " + number(lower));
  }

  /** (−∞, {@code upper}]. */
  public static Claim atMost(double upper) {
    return new Claim(Double.NEGATIVE_INFINITY, upper, "at most " + number(upper));
  }

  /** "About {@code value}": within a factor {@code tolerance} of it either way, for a ratio or a rate. */
  public static Claim withinFactor(double value, double tolerance) {
    if (!(value > 0) || !(tolerance >= 1)) {
      throw new IllegalArgumentException("a factor region needs a value above 0 and a tolerance of 1 or more, got "
          + value + " and " + tolerance);
    }
    return new Claim(value / tolerance, value * tolerance, number(value / tolerance) + " to "
        + number(value * tolerance) + " (" + number(value) + " within a factor " + number(tolerance) + ")");
  }

  /** This region cut to where {@code other} also holds: "about 0.37, and below 1". */
  public Claim and(Claim other) {
    return new Claim(Math.max(lower, other.lower), Math.min(upper, other.upper), text + ", and " + other.text);
  }

  public boolean holds(double value) {
    return value >= lower && value <= upper;
  }

  static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e6 ? String.valueOf((long) value)
        : String.format(Locale.ROOT, Math.abs(value) >= 10 ? "%.1f" : "%.2f", value);
  }
}
