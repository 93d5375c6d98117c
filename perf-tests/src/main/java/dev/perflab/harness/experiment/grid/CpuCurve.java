package dev.perflab.harness.experiment.grid;

import java.util.List;

/**
 * p95 at the target rate against the CPU limit for one app and mode, at the grid's largest memory
 * limit (where memory presses least), and the knee read from it.
 *
 * @param points one per CPU limit, ascending
 * @param kneeCpuLimitCores the smallest CPU limit beyond which p95 improves by less than the set
 *     percentage at every further step; null when it still improves by more at the largest limit
 *     (the knee lies beyond the grid) or no limit reached the target rate
 */
public record CpuCurve(String app, String mode, long memoryLimitMebibytes, List<Point> points, Double kneeCpuLimitCores) {

  public CpuCurve {
    points = List.copyOf(points);
  }

  /**
   * @param p95MedianMillis the median over repetitions; null when no repetition reached the target
   *     rate (it stopped or died before): the steepest part of the curve, not a missing value
   * @param p95MinMillis over the repetitions that reached it
   * @param reached repetitions that ran the target rate's step to its end, of {@code repetitions}
   */
  public record Point(double cpuLimitCores, Double p95MedianMillis, Double p95MinMillis, Double p95MaxMillis,
      int reached, int repetitions) {}

  public String appMode() {
    return app + "/" + mode;
  }
}
