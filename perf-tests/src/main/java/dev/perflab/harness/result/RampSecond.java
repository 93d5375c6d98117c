package dev.perflab.harness.result;

/**
 * One second of a user ramp, as the driver saw it (the container's CPU and memory are sampled beside).
 *
 * @param second from the ramp's start, 0-based
 * @param users users at the second's end
 * @param completed correct answers that arrived in the second (its throughput, per second)
 * @param errors failed requests in the second (a wrong answer, a broken connection, a timeout)
 * @param p50Millis of the answers in the second; null without any
 * @param cumulativeP95Millis over every answer since the ramp's start, the requests then waiting counted at
 *     their age: what the stop rule reads
 * @param cumulativeErrorRatio errors since the ramp's start over the requests ended since it
 * @param generatorLagP99Millis how late the users' think timers fired: above 5 ms the driver, not the
 *     service, set the pace of that second
 * @param waiting requests sent and not yet answered at the second's end
 */
public record RampSecond(int second, int users, long completed, long errors, Double p50Millis, Double p95Millis,
    Double p99Millis, Double cumulativeP95Millis, Double cumulativeErrorRatio, double generatorLagP99Millis,
    int waiting) {

  /** The driver's lag above which a second measures the driver (as {@link LoadResult#MAX_GENERATOR_LAG_P99_MICROS}). */
  public static final double MAX_GENERATOR_LAG_P99_MILLIS = LoadResult.MAX_GENERATOR_LAG_P99_MICROS / 1000.0;

  public boolean generatorLimited() {
    return generatorLagP99Millis > MAX_GENERATOR_LAG_P99_MILLIS;
  }
}
