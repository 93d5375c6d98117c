package dev.perflab.harness.stats;

import dev.perflab.harness.metric.Metric.Direction;

/**
 * What an A/B comparison says about the candidate B against the baseline A. A verdict other than
 * NO_CHANGE needs two things at once, so that a gate neither cries wolf over noise nor over changes
 * too small to matter: the interval of B/A ({@link RatioInterval}) must exclude 1 (the change is
 * real), and the point ratio must be beyond a margin (the change is large enough).
 *
 * <ul>
 *   <li>lower is better: REGRESSION when lower &gt; 1 and ratio &gt; 1 + margin; IMPROVEMENT when
 *       upper &lt; 1 and ratio &lt; 1 − margin.
 *   <li>higher is better, the mirror: REGRESSION when upper &lt; 1 and ratio &lt; 1 − margin;
 *       IMPROVEMENT when lower &gt; 1 and ratio &gt; 1 + margin.
 *   <li>anything else: NO_CHANGE.
 * </ul>
 *
 * <p>A metric's threshold is the change the gate must catch ({@link Comparison}). For a noisy metric
 * the margin is half of it: a true change of the threshold's size lands beyond half of it nearly
 * always once the interval excludes 1, whereas with the whole threshold as the margin it would be
 * caught only half the time, however many launches ran; a change under half the threshold never
 * fails a build. For an exact ratio (an image's size) the margin is the threshold itself.
 */
public enum Verdict {
  REGRESSION, IMPROVEMENT, NO_CHANGE;

  public static Verdict of(Direction direction, RatioInterval interval, double margin) {
    checkThreshold(margin);
    boolean higher = interval.lower() > 1 && interval.ratio() > 1 + margin;
    boolean lower = interval.upper() < 1 && interval.ratio() < 1 - margin;
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
