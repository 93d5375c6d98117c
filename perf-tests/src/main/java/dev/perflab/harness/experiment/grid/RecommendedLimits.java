package dev.perflab.harness.experiment.grid;

/**
 * The smallest CPU limit, then the smallest memory limit at it, whose point meets the objective at
 * the target rate with room to spare (medians over repetitions), and the margins measured there.
 *
 * @param cpuLimitCores null when no point of the grid meets it; {@code note} then names the nearest miss
 * @param p99Millis at the target rate
 * @param relativeCpuMean at the target rate; the margin is the maximum minus this
 * @param relativeMemoryMax at the target rate
 */
public record RecommendedLimits(String app, String mode, Double cpuLimitCores, Long memoryLimitMebibytes,
    Double p99Millis, Double relativeCpuMean, Double relativeMemoryMax, String note) {

  public boolean found() {
    return cpuLimitCores != null;
  }
}
