package dev.perflab.harness.experiment.ramp;

/**
 * One second of one ramp of a user-ramp experiment: a row of its dataset. The driver's figures beside
 * the container's one-second sample that covers the second, and the downstream stub's.
 *
 * @param variant the variant's name in the experiment file (its catalog app's, or one of its own)
 * @param second from the ramp's start, 0-based
 * @param phase {@value #PLATEAU} for a second on the steady plateau before the ramp goes on, {@value #RAMP}
 *     for the others; null on the rows of points recorded before there were plateaus
 * @param users users at the second's end
 * @param completedPerSecond correct answers that arrived in the second
 * @param errors requests that failed in the second
 * @param cumulativeP95Millis the p95 of every answer since the ramp's start, waiting requests at their age: what
 *     the stop rule reads
 * @param cumulativeErrorRatio the errors since the ramp's start over the requests ended since it: what the stop
 *     rule reads
 * @param generatorLimited whether the driver's timers fired late that second (it, not the service, set the pace)
 * @param cpuLimitCores the container's CPU limit: the calibrated one every variant shares, or the file's
 * @param relativeCpu the container's CPU in the second over its limit; null without a sample
 * @param cgroupMemoryBytes the container's memory at the second's end; null without a sample
 * @param stubCpuCores the downstream stub's CPU in the second, in cores; null without a sample
 * @param stubProbeMillis a request sent straight to the stub in the second (its delay included); null
 *     without one
 * @param endReason on a ramp's last second, why it ended; null on the others
 * @param endedOnLimit on a ramp's last second, whether it ended on its p95 or error limit (not its longest
 *     duration); null on the others
 * @param errorSamples on a ramp's last second, the first few errors as the driver saw them, and how the
 *     container ended if it died during the ramp (its exit code, an OOM kill, its log's tail); null on the others
 * @param failure for a ramp that never ran (the container did not start): why, with its log; else null
 */
public record RampRow(
    String variant,
    String mode,
    int repetition,
    int second,
    String phase,
    int users,
    long completedPerSecond,
    long errors,
    Double p50Millis,
    Double p95Millis,
    Double p99Millis,
    Double cumulativeP95Millis,
    Double cumulativeErrorRatio,
    boolean generatorLimited,
    int waiting,
    double cpuLimitCores,
    Double relativeCpu,
    Long cgroupMemoryBytes,
    Double stubCpuCores,
    Double stubProbeMillis,
    String endReason,
    Boolean endedOnLimit,
    String errorSamples,
    String failure) {

  public static final String PLATEAU = "plateau";
  public static final String RAMP = "ramp";

  public boolean onPlateau() {
    return PLATEAU.equals(phase);
  }

  public boolean measured() {
    return failure == null;
  }
}
