package dev.perflab.harness.compare;

/**
 * A metric an A/B comparison can gate on, with which way is better and how large a change must be
 * before it matters. The default thresholds follow each metric's usual run-to-run noise: an image's
 * size barely moves between builds, so 2 % already means something; p99 and capacity move by several
 * percent between identical runs, so only 10 % does.
 */
public enum ComparedMetric {
  TIME_TO_FIRST_OK_MILLIS("time to first OK", Direction.LOWER_IS_BETTER, 0.05),
  RSS_BYTES("RSS", Direction.LOWER_IS_BETTER, 0.05),
  IMAGE_SIZE_BYTES("image size", Direction.LOWER_IS_BETTER, 0.02),
  P99_AT_FIXED_RATE_MICROS("p99 at fixed rate", Direction.LOWER_IS_BETTER, 0.10),
  CAPACITY_PER_SECOND("capacity", Direction.HIGHER_IS_BETTER, 0.10);

  /** Which way a change of the metric is good. */
  public enum Direction { LOWER_IS_BETTER, HIGHER_IS_BETTER }

  private final String label;
  private final Direction direction;
  private final double defaultThreshold;

  ComparedMetric(String label, Direction direction, double defaultThreshold) {
    this.label = label;
    this.direction = direction;
    this.defaultThreshold = defaultThreshold;
  }

  /** How a reader calls the metric, e.g. "time to first OK". */
  public String label() {
    return label;
  }

  public Direction direction() {
    return direction;
  }

  /** The smallest relative change worth a verdict (0.05 = 5 %). */
  public double defaultThreshold() {
    return defaultThreshold;
  }
}
