package dev.perflab.harness.load;

import java.util.List;

/**
 * One open-model run at a fixed rate, over its measured window (after the warm-up). Latency is
 * from each request's intended send time, so a stalled server is charged for every request it
 * kept waiting, not only the one it held (no coordinated omission).
 *
 * @param sent requests whose intended send time fell in the measured window
 * @param errors wrong status or body, broken connection, or no answer within the drain time
 * @param achievedRatePerSecond correct answers per second, over the measured window or, if the
 *     last answer came later, until that answer
 * @param generatorLag how late the driver handled each intended send time: the driver's own
 *     health; a p99 over {@link #MAX_GENERATOR_LAG_P99_MICROS} means the driver, not the app,
 *     set the pace, and the run is not valid
 * @param generatorCpuCores the driver thread's CPU time over the run's wall time
 */
public record LoadResult(
    RequestSpec request,
    double intendedRatePerSecond,
    double measuredSeconds,
    long sent,
    long completed,
    long errors,
    double achievedRatePerSecond,
    LatencySummary latency,
    LatencySummary generatorLag,
    double generatorCpuCores,
    int peakConnections,
    List<String> errorSamples) {

  public static final long MAX_GENERATOR_LAG_P99_MICROS = 5_000;

  public LoadResult {
    errorSamples = List.copyOf(errorSamples);
  }

  public double errorRatio() {
    return sent == 0 ? 0 : (double) errors / sent;
  }

  public boolean generatorLimited() {
    return generatorLag.p99Micros() > MAX_GENERATOR_LAG_P99_MICROS;
  }
}
