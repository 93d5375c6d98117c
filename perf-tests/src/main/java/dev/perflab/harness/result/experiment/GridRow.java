package dev.perflab.harness.result.experiment;

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
 * @param offeredRatePerSecond the open-model rate the step sent at
 * @param achievedRatePerSecond correct answers per second over the step's measured time
 * @param p50Millis latency from each request's intended send time (open model), of the step
 * @param relativeCpuMean CPU used divided by the CPU limit, mean of the step's one-second samples
 * @param relativeCpuMax the highest one-second sample of the step
 * @param relativeMemoryMax cgroup memory usage divided by the memory limit, highest sample of the step
 * @param throttledPeriodsRatio CFS periods in which the quota ran out, over the periods the container ran
 * @param throttledMillis time the container was held back by its quota during the step
 * @param gcPauseShare GC pause time over the step's wall time
 * @param driverLagP99Micros how late the load driver handled the step's intended send times (p99); over
 *     5,000 µs the driver, not the point, set the pace (null in points recorded before it was kept)
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
    int step, Double offeredRatePerSecond, Double achievedRatePerSecond, Long requests, Long errors,
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

  /** Whether the step carries load figures (it ran its whole time). */
  public boolean measured() {
    return outcome == StepOutcome.MEASURED || outcome == StepOutcome.STOPPED;
  }
}
