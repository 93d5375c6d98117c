package dev.perflab.harness.stats;

import dev.perflab.harness.metric.Metric.Direction;

/**
 * What an A/B comparison says about the candidate B against the baseline A. A verdict other than
 * NO_CHANGE needs two things at once, so that a gate neither cries wolf over noise nor over changes
 * too small to matter: the interval of B/A (about 95 %, {@link RatioInterval}) must exclude 1 (the change is real), and the point
 * ratio must be beyond the threshold (the change is large enough).
 *
 * <ul>
 *   <li>lower is better: REGRESSION when lower &gt; 1 and ratio &gt; 1 + threshold; IMPROVEMENT when
 *       upper &lt; 1 and ratio &lt; 1 − threshold.
 *   <li>higher is better, the mirror: REGRESSION when upper &lt; 1 and ratio &lt; 1 − threshold;
 *       IMPROVEMENT when lower &gt; 1 and ratio &gt; 1 + threshold.
 *   <li>anything else: NO_CHANGE.
 * </ul>
 *
 * <p>At the repetitions {@link MinimumDetectableEffect#repetitionsPerSide} recommends for the
 * threshold, the ratio's standard error is at most threshold / 2.8, so (normal approximation) A
 * against itself passes the threshold in about 0.5 % of runs and a true change of twice the threshold
 * is flagged in about 99.7 %. A true change of exactly the threshold is flagged only about half the
 * time: the threshold is where a verdict starts, not a change the gate is sure to catch.
 */
public enum Verdict {
  REGRESSION, IMPROVEMENT, NO_CHANGE;

  public static Verdict of(Direction direction, RatioInterval interval, double threshold) {
    checkThreshold(threshold);
    boolean higher = interval.lower() > 1 && interval.ratio() > 1 + threshold;
    boolean lower = interval.upper() < 1 && interval.ratio() < 1 - threshold;
    return switch (direction) {
      case LOWER_IS_BETTER -> higher ? REGRESSION : lower ? IMPROVEMENT : NO_CHANGE;
      case HIGHER_IS_BETTER -> lower ? REGRESSION : higher ? IMPROVEMENT : NO_CHANGE;
    };
  }

  /** A relative threshold is a fraction: 1 or more would make "1 − threshold" meaningless for a ratio. */
  public static double checkThreshold(double threshold) {
    if (!(threshold > 0 && threshold < 1)) {
      throw new IllegalArgumentException(
          "a threshold is a fraction between 0 and 1 exclusive (0.05 = 5 %), got " + threshold);
    }
    return threshold;
  }
}
