package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One row of the limits grid's dataset: one load step of one repetition of one point (app x mode x
 * CPU limit x memory limit). The point's startup figures repeat on each of its rows, so every row
 * stands alone in a spreadsheet. A point that died before its first step has one row, step -1,
 * with its load figures null.
 *
 * @param cpuLimitCores the container's CPU limit (Docker's --cpus)
 * @param memoryLimitMebibytes the container's memory limit, also its memory+swap limit
 * @param repetition 0-based
 * @param timeToFirstOkMillis from Docker's start call to the first 200; null if it never answered
 * @param cpuUntilReadySeconds CPU time the container used until its first 200
 * @param jvmMaxHeapBytes the heap ceiling the JVM chose at this limit (its gc+init log)
 * @param jvmGc the collector the JVM chose ("Serial", "G1", ...)
 * @param jvmActiveProcessors the processors the JVM counts as available
 * @param step 0-based index in the staircase; -1 for a point that died before load
 * @param offeredRatePerSecond the open-model rate the step sent at; null for a closed step
 * @param concurrency a closed step's concurrency: a fixed count's connections, or a population's users;
 *     null for an open step, and then left out of the dataset's files (an open grid's columns are
 *     those of the grids before closed staircases)
 * @param achievedRatePerSecond correct answers per second over the step's measured time
 * @param p50Millis latency from each request's intended send time (open model) or its send (closed), of the step
 * @param relativeCpuMean CPU used divided by the CPU limit, mean of the step's one-second samples
 * @param relativeCpuMax the highest one-second sample of the step
 * @param relativeMemoryMax cgroup memory usage divided by the memory limit, highest sample of the step
 * @param throttledPeriodsRatio CFS periods in which the quota ran out, over the periods the container ran
 * @param throttledMillis time the container was held back by its quota during the step
 * @param gcPauseShare GC pause time over the step's wall time
 * @param driverLagP99Micros how late the load driver handled the step's intended send times (p99); over
 *     5,000 µs the driver, not the point, set the pace (null in points recorded before it was kept, and
 *     for a closed step, which has no schedule to fall behind)
 * @param oomKills OOM kills in the container's cgroup up to the end of the step
 * @param lastMemoryBytes the last memory sample of the step (before a failure: the last one seen)
 * @param outcome how the step ended
 * @param failure why the staircase ended at this step: what failed (its first cause first, then the
 *     container's log) or the stop condition it passed; null when the staircase went on
 */
public record GridRow(
    String app, String mode, double cpuLimitCores, long memoryLimitMebibytes, int repetition,
    Double timeToFirstOkMillis, Double cpuUntilReadySeconds,
    Long jvmMaxHeapBytes, String jvmGc, Integer jvmActiveProcessors,
    int step, Double offeredRatePerSecond, @JsonInclude(JsonInclude.Include.NON_NULL) Integer concurrency,
    Double achievedRatePerSecond, Long requests, Long errors,
    Double p50Millis, Double p95Millis, Double p99Millis,
    Double relativeCpuMean, Double relativeCpuMax, Double relativeMemoryMean, Double relativeMemoryMax,
    Double throttledPeriodsRatio, Double throttledMillis, Double gcPauseShare, Long driverLagP99Micros,
    long oomKills, Long lastMemoryBytes, StepOutcome outcome, String failure) {

  /** How a step (or a point that never reached one) ended. */
  public enum StepOutcome {
    /** Ran its whole time; the staircase went on. */
    MEASURED,
    /** Ran its whole time and passed the stop condition on p99 or errors: the staircase ended here. */
    STOPPED,
    /** The container died during the step (an OOM kill, or an exit). */
    DIED,
    /** The container never answered its first 200 (killed, exited or timed out). */
    DIED_AT_STARTUP
  }

  /** The point this row belongs to, e.g. "quarkus/jvm/0.5cpu-256m". */
  public String pointId() {
    return app + "/" + mode + "/" + cpuLimitCores + "cpu-" + memoryLimitMebibytes + "m";
  }

  /** Where the step stands on its staircase: its concurrency if closed, else its rate; null before load. */
  public Double stepLevel() {
    return concurrency != null ? Double.valueOf(concurrency) : offeredRatePerSecond;
  }

  /** Whether the step carries load figures (it ran its whole time). */
  public boolean measured() {
    return outcome == StepOutcome.MEASURED || outcome == StepOutcome.STOPPED;
  }

  /** A row built by name: every figure unset is null (step -1, no OOM kill), as for a point that never reached load. */
  public static Builder builder(String app, String mode, double cpuLimitCores, long memoryLimitMebibytes, int repetition) {
    return new Builder(app, mode, cpuLimitCores, memoryLimitMebibytes, repetition);
  }

  /** Names each figure of a row as it is set; {@link #build} is the one place the record's order is spelled out. */
  public static final class Builder {
    private String app;
    private String mode;
    private double cpuLimitCores;
    private long memoryLimitMebibytes;
    private int repetition;
    private Double timeToFirstOkMillis;
    private Double cpuUntilReadySeconds;
    private Long jvmMaxHeapBytes;
    private String jvmGc;
    private Integer jvmActiveProcessors;
    private int step = -1;
    private Double offeredRatePerSecond;
    private Integer concurrency;
    private Double achievedRatePerSecond;
    private Long requests;
    private Long errors;
    private Double p50Millis;
    private Double p95Millis;
    private Double p99Millis;
    private Double relativeCpuMean;
    private Double relativeCpuMax;
    private Double relativeMemoryMean;
    private Double relativeMemoryMax;
    private Double throttledPeriodsRatio;
    private Double throttledMillis;
    private Double gcPauseShare;
    private Long driverLagP99Micros;
    private long oomKills;
    private Long lastMemoryBytes;
    private StepOutcome outcome;
    private String failure;

    private Builder(String app, String mode, double cpuLimitCores, long memoryLimitMebibytes, int repetition) {
      this.app = app;
      this.mode = mode;
      this.cpuLimitCores = cpuLimitCores;
      this.memoryLimitMebibytes = memoryLimitMebibytes;
      this.repetition = repetition;
    }

    public Builder timeToFirstOkMillis(Double timeToFirstOkMillis) {
      this.timeToFirstOkMillis = timeToFirstOkMillis;
      return this;
    }

    public Builder cpuUntilReadySeconds(Double cpuUntilReadySeconds) {
      this.cpuUntilReadySeconds = cpuUntilReadySeconds;
      return this;
    }

    public Builder jvmMaxHeapBytes(Long jvmMaxHeapBytes) {
      this.jvmMaxHeapBytes = jvmMaxHeapBytes;
      return this;
    }

    public Builder jvmGc(String jvmGc) {
      this.jvmGc = jvmGc;
      return this;
    }

    public Builder jvmActiveProcessors(Integer jvmActiveProcessors) {
      this.jvmActiveProcessors = jvmActiveProcessors;
      return this;
    }

    public Builder step(int step) {
      this.step = step;
      return this;
    }

    public Builder offeredRatePerSecond(Double offeredRatePerSecond) {
      this.offeredRatePerSecond = offeredRatePerSecond;
      return this;
    }

    public Builder concurrency(Integer concurrency) {
      this.concurrency = concurrency;
      return this;
    }

    public Builder achievedRatePerSecond(Double achievedRatePerSecond) {
      this.achievedRatePerSecond = achievedRatePerSecond;
      return this;
    }

    public Builder requests(Long requests) {
      this.requests = requests;
      return this;
    }

    public Builder errors(Long errors) {
      this.errors = errors;
      return this;
    }

    public Builder p50Millis(Double p50Millis) {
      this.p50Millis = p50Millis;
      return this;
    }

    public Builder p95Millis(Double p95Millis) {
      this.p95Millis = p95Millis;
      return this;
    }

    public Builder p99Millis(Double p99Millis) {
      this.p99Millis = p99Millis;
      return this;
    }

    public Builder relativeCpuMean(Double relativeCpuMean) {
      this.relativeCpuMean = relativeCpuMean;
      return this;
    }

    public Builder relativeCpuMax(Double relativeCpuMax) {
      this.relativeCpuMax = relativeCpuMax;
      return this;
    }

    public Builder relativeMemoryMean(Double relativeMemoryMean) {
      this.relativeMemoryMean = relativeMemoryMean;
      return this;
    }

    public Builder relativeMemoryMax(Double relativeMemoryMax) {
      this.relativeMemoryMax = relativeMemoryMax;
      return this;
    }

    public Builder throttledPeriodsRatio(Double throttledPeriodsRatio) {
      this.throttledPeriodsRatio = throttledPeriodsRatio;
      return this;
    }

    public Builder throttledMillis(Double throttledMillis) {
      this.throttledMillis = throttledMillis;
      return this;
    }

    public Builder gcPauseShare(Double gcPauseShare) {
      this.gcPauseShare = gcPauseShare;
      return this;
    }

    public Builder driverLagP99Micros(Long driverLagP99Micros) {
      this.driverLagP99Micros = driverLagP99Micros;
      return this;
    }

    public Builder oomKills(long oomKills) {
      this.oomKills = oomKills;
      return this;
    }

    public Builder lastMemoryBytes(Long lastMemoryBytes) {
      this.lastMemoryBytes = lastMemoryBytes;
      return this;
    }

    public Builder outcome(StepOutcome outcome) {
      this.outcome = outcome;
      return this;
    }

    public Builder failure(String failure) {
      this.failure = failure;
      return this;
    }

    public GridRow build() {
      return new GridRow(app, mode, cpuLimitCores, memoryLimitMebibytes, repetition, timeToFirstOkMillis,
          cpuUntilReadySeconds, jvmMaxHeapBytes, jvmGc, jvmActiveProcessors, step, offeredRatePerSecond,
          concurrency, achievedRatePerSecond, requests, errors, p50Millis, p95Millis, p99Millis, relativeCpuMean, relativeCpuMax,
          relativeMemoryMean, relativeMemoryMax, throttledPeriodsRatio, throttledMillis, gcPauseShare,
          driverLagP99Micros, oomKills, lastMemoryBytes, outcome, failure);
    }
  }
}
