package dev.perflab.harness.compare;

import dev.perflab.harness.run.Metric;
import java.util.Arrays;
import java.util.Optional;

/**
 * A metric an A/B comparison can gate on, with which way is better and how large a change must be
 * before it matters. The default thresholds follow each metric's usual run-to-run noise: an image's
 * size barely moves between builds, so 2 % already means something; p99 and capacity move by several
 * percent between identical runs, so only 10 % does.
 */
public enum ComparedMetric {
  TIME_TO_FIRST_OK_MILLIS(Metric.TIME_TO_FIRST_OK_MILLIS, "time to first OK", Direction.LOWER_IS_BETTER, 0.05),
  /** After the launch's warm-up requests: what the service holds once it has served traffic. */
  RSS_BYTES(Metric.RSS_BYTES_AFTER_WARMUP, "RSS after warm-up", Direction.LOWER_IS_BETTER, 0.05),
  IMAGE_SIZE_BYTES("imageSizeBytes", "image size", Direction.LOWER_IS_BETTER, 0.02),
  /** The median of the fixed-rate run's window p99s. */
  P99_AT_FIXED_RATE_MICROS("p99AtFixedRateMicros", "p99 at fixed rate", Direction.LOWER_IS_BETTER, 0.10),
  CAPACITY_PER_SECOND("capacityPerSecond", "capacity at the p99 objective", Direction.HIGHER_IS_BETTER, 0.10);

  /** Which way a change of the metric is good. */
  public enum Direction { LOWER_IS_BETTER, HIGHER_IS_BETTER }

  private final String key;
  private final Metric launchMetric;
  private final String label;
  private final Direction direction;
  private final double defaultThreshold;

  ComparedMetric(String key, String label, Direction direction, double defaultThreshold) {
    this(key, null, label, direction, defaultThreshold);
  }

  /** A metric every measured launch has: its key is the launch metric's, as in results.json. */
  ComparedMetric(Metric launchMetric, String label, Direction direction, double defaultThreshold) {
    this(launchMetric.key(), launchMetric, label, direction, defaultThreshold);
  }

  ComparedMetric(String key, Metric launchMetric, String label, Direction direction, double defaultThreshold) {
    this.key = key;
    this.launchMetric = launchMetric;
    this.label = label;
    this.direction = direction;
    this.defaultThreshold = defaultThreshold;
  }

  /** The per-launch metric this one is read from, if it is one (time to first OK, RSS). */
  public Optional<Metric> launchMetric() {
    return Optional.ofNullable(launchMetric);
  }

  /** The name in results, settings and test names, unit included, e.g. "timeToFirstOkMillis". */
  public String key() {
    return key;
  }

  /** The metric whose {@link #key()} is {@code key}. */
  public static ComparedMetric byKey(String key) {
    for (ComparedMetric metric : values()) {
      if (metric.key.equals(key)) {
        return metric;
      }
    }
    throw new IllegalArgumentException("no compared metric '" + key + "'; metrics are "
        + Arrays.stream(values()).map(ComparedMetric::key).toList());
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
