package dev.perflab.harness.load;

/** One rate tried by the capacity search, and whether the cell met the objective at it. */
public record CapacityStep(double ratePerSecond, long p99Micros, double errorRatio, double achievedRatePerSecond,
    boolean generatorLimited, boolean met) {

  static CapacityStep of(LoadResult result, long sloP99Micros) {
    boolean met = result.latency().p99Micros() <= sloP99Micros
        && result.errorRatio() <= CapacitySearch.MAX_ERROR_RATIO
        && result.achievedRatePerSecond() >= CapacitySearch.MIN_ACHIEVED_SHARE * result.intendedRatePerSecond()
        && !result.generatorLimited();
    return new CapacityStep(result.intendedRatePerSecond(), result.latency().p99Micros(), result.errorRatio(),
        result.achievedRatePerSecond(), result.generatorLimited(), met);
  }
}
