package dev.perflab.harness.result;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Optional;

/**
 * One open-model run at a fixed rate, over its measured window (after the warm-up). Latency is
 * from each request's intended send time, so a stalled server is charged for every request it
 * kept waiting, not only the one it held (no coordinated omission).
 *
 * @param requests what was sent: one request, or the app's mix
 * @param sent requests whose intended send time fell in the measured window
 * @param errors wrong status or body, broken connection, or no answer within the drain time
 * @param achievedRatePerSecond correct answers per second, over the measured window or, if the
 *     last answer came later, until that answer
 * @param latencyCurve the whole measured window's percentile curve (the report's HDR-style plot)
 * @param windows the measured time cut into equal consecutive windows (by intended send time),
 *     each summarised on its own: one stalled second lands in one window, where it moves that
 *     window's p99 but not the median over windows
 * @param generatorLag how late the driver handled each intended send time: the driver's own
 *     health; a p99 over {@link #MAX_GENERATOR_LAG_P99_MICROS} means the driver, not the app,
 *     set the pace, and the run is not valid
 * @param generatorCpuCores the driver thread's CPU time over the run's wall time
 */
public record LoadResult(
    RequestMix requests,
    double intendedRatePerSecond,
    double measuredSeconds,
    long sent,
    long completed,
    long errors,
    double achievedRatePerSecond,
    LatencySummary latency,
    List<PercentilePoint> latencyCurve,
    List<LatencySummary> windows,
    LatencySummary generatorLag,
    double generatorCpuCores,
    int peakConnections,
    List<String> errorSamples) {

  public static final long MAX_GENERATOR_LAG_P99_MICROS = 5_000;
  /** Above this share of failed requests a run is not valid. */
  public static final double MAX_ERROR_RATIO = 0.01;

  public LoadResult {
    latencyCurve = List.copyOf(latencyCurve);
    windows = List.copyOf(windows);
    errorSamples = List.copyOf(errorSamples);
  }

  /** Each window's p99, as a distribution: its median is the fixed rate's headline p99. */
  public Distribution windowP99Micros() {
    return Distribution.of(windows.stream().map(LatencySummary::p99Micros).toList());
  }

  public double errorRatio() {
    return sent == 0 ? 0 : (double) errors / sent;
  }

  public boolean generatorLimited() {
    return generatorLag.p99Micros() > MAX_GENERATOR_LAG_P99_MICROS;
  }

  /**
   * Why the run's figures do not describe the cell, if they do not: more than {@value
   * #MAX_ERROR_RATIO} of the requests failed, or the driver fell behind (then it, not the cell, set
   * the pace). The one validity rule of a fixed-rate run, wherever one is judged.
   */
  public Optional<String> invalidity() {
    if (generatorLimited()) {
      return Optional.of("the driver fell behind (lag p99 " + generatorLag.p99Micros()
          + " µs): the figures measure the driver, not the cell");
    }
    if (errorRatio() > MAX_ERROR_RATIO) {
      return Optional.of(errors + " of " + sent + " requests failed at the fixed rate, e.g. " + errorSamples);
    }
    return Optional.empty();
  }
}
