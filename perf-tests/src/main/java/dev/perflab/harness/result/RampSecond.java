package dev.perflab.harness.result;

/**
 * One second of a user ramp, as the driver saw it (the container's CPU and memory are sampled beside).
 *
 * @param second from the ramp's start, 0-based
 * @param users users at the second's end
 * @param completed correct answers that arrived in the second (its throughput, per second)
 * @param errors failed requests in the second (a wrong answer, a broken connection, a timeout)
 * @param p50Millis of the answers in the second; null without any
 * @param windowP95Millis over the sliding window ending with this second, waiting requests counted at
 *     their age: what the stop rule reads
 * @param windowErrorRatio errors over requests ended in the window
 * @param generatorLagP99Millis how late the users' think timers fired: above 5 ms the driver, not the
 *     service, set the pace of that second
 * @param waiting requests sent and not yet answered at the second's end
 */
public record RampSecond(int second, int users, long completed, long errors, Double p50Millis, Double p95Millis,
    Double p99Millis, Double windowP95Millis, Double windowErrorRatio, double generatorLagP99Millis, int waiting) {

  /** The driver's lag above which a second measures the driver (as {@link LoadResult#MAX_GENERATOR_LAG_P99_MICROS}). */
  public static final double MAX_GENERATOR_LAG_P99_MILLIS = LoadResult.MAX_GENERATOR_LAG_P99_MICROS / 1000.0;

  public boolean generatorLimited() {
    return generatorLagP99Millis > MAX_GENERATOR_LAG_P99_MILLIS;
  }
}
