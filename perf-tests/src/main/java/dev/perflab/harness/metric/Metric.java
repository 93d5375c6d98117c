package dev.perflab.harness.metric;

import java.util.Arrays;
import java.util.Locale;

/**
 * Every figure perflab measures, each with one identity used everywhere: its key (the unit in the
 * name, as in results.json, budgets, comparison settings and test names), how a reader calls it,
 * its unit, which way is better, and, for the metrics an A/B comparison gates on, how large a
 * change must be before it earns a verdict. The default thresholds follow each metric's usual
 * run-to-run noise: an image's size barely moves between builds, so 2 % already means something;
 * p99 and capacity move by several percent between identical runs, so only 10 % does.
 */
public enum Metric {
  TIME_TO_FIRST_OK_MILLIS("timeToFirstOkMillis", "time to first OK", Unit.MILLIS, Direction.LOWER_IS_BETTER, 0.05),
  STARTED_AT_TO_FIRST_OK_MILLIS("startedAtToFirstOkMillis", "StartedAt to first OK", Unit.MILLIS),
  FRAMEWORK_REPORTED_STARTUP_MILLIS("frameworkReportedStartupMillis", "framework-reported startup", Unit.MILLIS),
  CPU_SECONDS_UNTIL_READY("cpuSecondsUntilReady", "CPU until ready", Unit.SECONDS),
  RSS_BYTES_AT_FIRST_OK("rssBytesAtFirstOk", "RSS at first OK", Unit.BYTES),
  CGROUP_MEMORY_BYTES_AT_FIRST_OK("cgroupMemoryBytesAtFirstOk", "cgroup memory at first OK", Unit.BYTES),
  /** After the launch's warm-up requests: what the service holds once it has served traffic. */
  RSS_BYTES_AFTER_WARMUP("rssBytesAfterWarmup", "RSS after warm-up", Unit.BYTES, Direction.LOWER_IS_BETTER, 0.05),
  CGROUP_MEMORY_BYTES_AFTER_WARMUP("cgroupMemoryBytesAfterWarmup", "cgroup memory after warm-up", Unit.BYTES),
  /*
   * The JVM's own counters at the first OK (its hsperfdata): the work the start did, beside the time it took. Each
   * has the threshold it is judged at, but gates only when perflab.compare.thresholds names it: none is gated by
   * default until the gate-calibration experiment has measured its false alarms (docs/gate.md).
   */
  CLASSES_LOADED_AT_FIRST_OK("classesLoadedAtFirstOk", "classes loaded at first OK", Unit.COUNT, 0.02),
  CLASS_BYTES_AT_FIRST_OK("classBytesAtFirstOk", "class data at first OK", Unit.BYTES, 0.02),
  CLASS_LOADING_MILLIS_AT_FIRST_OK("classLoadingMillisAtFirstOk", "class loading time at first OK", Unit.MILLIS, 0.05),
  JIT_COMPILES_AT_FIRST_OK("jitCompilesAtFirstOk", "JIT compilations at first OK", Unit.COUNT, 0.05),
  JIT_COMPILE_MILLIS_AT_FIRST_OK("jitCompileMillisAtFirstOk", "JIT time at first OK", Unit.MILLIS, 0.10),
  GC_PAUSES_AT_FIRST_OK("gcPausesAtFirstOk", "GC pauses at first OK", Unit.COUNT, 0.10),
  GC_PAUSE_MILLIS_AT_FIRST_OK("gcPauseMillisAtFirstOk", "GC pause time at first OK", Unit.MILLIS, 0.10),
  SAFEPOINTS_AT_FIRST_OK("safepointsAtFirstOk", "safepoints at first OK", Unit.COUNT, 0.10),
  THREADS_STARTED_AT_FIRST_OK("threadsStartedAtFirstOk", "threads started at first OK", Unit.COUNT, 0.05),
  /** Uncompressed, as the local engine stores the image. */
  IMAGE_SIZE_BYTES("imageSizeBytes", "image size", Unit.BYTES, Direction.LOWER_IS_BETTER, 0.02),
  /** The median of the fixed-rate run's window p99s. */
  P99_AT_FIXED_RATE_MICROS("p99AtFixedRateMicros", "p99 at fixed rate", Unit.MICROS, Direction.LOWER_IS_BETTER, 0.10),
  CAPACITY_PER_SECOND("capacityPerSecond", "capacity at the p99 objective", Unit.PER_SECOND,
      Direction.HIGHER_IS_BETTER, 0.10);

  /** Which way a change of the metric is good. */
  public enum Direction { LOWER_IS_BETTER, HIGHER_IS_BETTER }

  /** How a value is stored (the key's unit) and how a reader is shown it. */
  public enum Unit {
    MILLIS("ms", "%.0f ms", 1),
    SECONDS("s", "%.2f s", 1),
    /** Shown in MB = 10^6 bytes, as {@code docker image ls} prints sizes. */
    BYTES("MB", "%.1f MB", 1e6),
    /** Shown in milliseconds: latencies are read in ms. */
    MICROS("ms", "%.2f ms", 1e3),
    PER_SECOND("/s", "%.0f /s", 1),
    /** Things counted: classes, compilations, pauses. */
    COUNT("", "%.0f", 1);

    private final String shownAs;
    private final String pattern;
    private final double divisor;

    Unit(String shownAs, String pattern, double divisor) {
      this.shownAs = shownAs;
      this.pattern = pattern;
      this.divisor = divisor;
    }

    /** The unit a reader is shown: "ms", "MB". */
    public String shownAs() {
      return shownAs;
    }

    /** A stored value in the unit a reader is shown (bytes as MB, µs as ms). */
    public double shown(double value) {
      return value / divisor;
    }

    public String format(double value) {
      return String.format(Locale.ROOT, pattern, shown(value));
    }
  }

  private final String key;
  private final String label;
  private final Unit unit;
  private final Direction direction;
  private final double defaultThreshold;
  private final boolean gatedByDefault;

  /** A metric that is reported, lower being better, but not compared. */
  Metric(String key, String label, Unit unit) {
    this(key, label, unit, Direction.LOWER_IS_BETTER, Double.NaN, false);
  }

  /** A metric the gate judges only when asked to, at this threshold (lower is better). */
  Metric(String key, String label, Unit unit, double threshold) {
    this(key, label, unit, Direction.LOWER_IS_BETTER, threshold, false);
  }

  /** A metric every comparison gates on unless told otherwise. */
  Metric(String key, String label, Unit unit, Direction direction, double defaultThreshold) {
    this(key, label, unit, direction, defaultThreshold, true);
  }

  private Metric(String key, String label, Unit unit, Direction direction, double defaultThreshold,
      boolean gatedByDefault) {
    this.key = key;
    this.label = label;
    this.unit = unit;
    this.direction = direction;
    this.defaultThreshold = defaultThreshold;
    this.gatedByDefault = gatedByDefault;
  }

  /** The name in results, budgets, settings and test names, unit included, e.g. "timeToFirstOkMillis". */
  public String key() {
    return key;
  }

  /** How a reader calls the metric, e.g. "time to first OK". */
  public String label() {
    return label;
  }

  public Unit unit() {
    return unit;
  }

  public Direction direction() {
    return direction;
  }

  /** The value in the unit a reader thinks in: "1120 ms", "120.0 MB", "2.56 ms", "12000 /s". */
  public String format(double value) {
    return unit.format(value);
  }

  /** Whether an A/B comparison can gate on it: it has a threshold. */
  public boolean compared() {
    return !Double.isNaN(defaultThreshold);
  }

  /**
   * Whether a comparison gates on it without being asked ({@code perflab.compare.thresholds} adds the others): the
   * JVM's counters are not, until their false-alarm rate is measured.
   */
  public boolean gatedByDefault() {
    return gatedByDefault;
  }

  /**
   * The smallest relative change worth a verdict (0.05 = 5 %).
   *
   * @throws IllegalStateException for a metric comparisons do not gate on
   */
  public double defaultThreshold() {
    if (!compared()) {
      throw new IllegalStateException(key + " is not a compared metric");
    }
    return defaultThreshold;
  }

  /** The metric whose {@link #key()} is {@code key}. */
  public static Metric byKey(String key) {
    return Arrays.stream(values()).filter(metric -> metric.key.equals(key)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no metric '" + key + "'; metrics are "
            + Arrays.stream(values()).map(Metric::key).toList()));
  }
}
