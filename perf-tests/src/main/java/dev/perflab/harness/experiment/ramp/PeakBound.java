package dev.perflab.harness.experiment.ramp;

import java.util.Locale;

/**
 * What set a variant's peak: its CPU limit, the pool that holds its requests in flight ({@link RampPool}), both,
 * or neither of them (then something else: the driver, the stub, a lock in the app). The pool's bound is its size
 * over a request's time with nothing queued (the ramp's quickest second's p50): 200 threads each held 0.105 s
 * answer at most 1,905 times a second, however much CPU is left.
 */
enum PeakBound {
  CPU("its CPU"),
  POOL("its pool"),
  CPU_AND_POOL("its CPU and its pool at once"),
  NEITHER("neither its CPU nor its pool");

  /** At this share of the limit or more over the peak's seconds, the CPU set the peak. */
  static final double CPU_SHARE = 0.9;
  /** At this share of what the pool allows or more, the pool set it. */
  static final double POOL_SHARE = 0.9;

  private final String words;

  PeakBound(String words) {
    this.words = words;
  }

  /** Null when the peak or its CPU is not known. */
  static PeakBound of(Double peakPerSecond, Double relativeCpuAtPeak, Double poolBoundPerSecond) {
    if (peakPerSecond == null || relativeCpuAtPeak == null) {
      return null;
    }
    boolean cpu = relativeCpuAtPeak >= CPU_SHARE;
    boolean pool = poolBoundPerSecond != null && peakPerSecond >= POOL_SHARE * poolBoundPerSecond;
    return cpu && pool ? CPU_AND_POOL : cpu ? CPU : pool ? POOL : NEITHER;
  }

  /**
   * The peak beside its bounds, as the summary and the findings say it: "peak 1,906/s; 200 Tomcat request threads /
   * 0.105 s = 1,905/s; CPU 0.54 of its 0.372 CPU at the peak: bound by its pool".
   */
  static String describe(RampVariant variant) {
    if (variant.peakThroughputPerSecond() == null) {
      return variant.variant() + ": no peak (no ramp ran)";
    }
    String pool = variant.pool() == null ? "no pool declared"
        : variant.pool().size() == null ? variant.pool().label()
        : variant.poolBoundPerSecond() == null ? variant.pool().label() + " (no second to time a request by)"
        : String.format(Locale.ROOT, "%s / %.3f s = %,.0f/s", variant.pool().label(),
            variant.lowestP50Millis() / 1000, variant.poolBoundPerSecond());
    String cpu = variant.relativeCpuAtPeak() == null ? "CPU at the peak not sampled"
        : String.format(Locale.ROOT, "CPU %.2f of its %s CPU at the peak", variant.relativeCpuAtPeak(),
            variant.cpuLimitCores());
    String bound = variant.peakBoundBy() == null ? "" : ": bound by " + variant.peakBoundBy().words;
    return String.format(Locale.ROOT, "%s peak %,.0f/s; %s; %s%s", variant.variant(),
        variant.peakThroughputPerSecond(), pool, cpu, bound);
  }
}
