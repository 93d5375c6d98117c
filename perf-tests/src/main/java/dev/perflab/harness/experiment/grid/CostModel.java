package dev.perflab.harness.experiment.grid;

/**
 * What a container costs, billed on its limits (not on its use, as a cloud bills a pod's requests), and the
 * node and load the limits grid sizes a deployment for. From the experiment file's {@code cost} block; a
 * file without one reads {@link #THESIS}.
 *
 * @param vcpuHourUsd the price of one CPU of limit for an hour
 * @param memoryGibHourUsd the price of one GiB (2^30 bytes, as clouds bill memory) of limit for an hour
 * @param nodeCpus the CPUs of one node instances are packed on
 * @param nodeMemoryMebibytes its memory
 * @param nodeHeadroom the share of a node's CPUs and memory instances may take (the rest is the node's own and
 *     spare), above 0 and at most 1
 * @param loadRatePerSecond the load a deployment is sized for, in requests per second
 * @param maxErrorRatio a step serves within the objective when its p99 meets the analysis' objective and at most
 *     this share of its requests failed
 */
public record CostModel(double vcpuHourUsd, double memoryGibHourUsd, double nodeCpus, long nodeMemoryMebibytes,
    double nodeHeadroom, double loadRatePerSecond, double maxErrorRatio) {

  /**
   * The prices of Järvinen's thesis (University of Turku, 2025): $0.04656 per vCPU-hour and $0.00511 per
   * GB-hour; a 4-CPU, 16 GiB node with a fifth kept free; 10,000 requests/s; at most 1 % errors, the
   * thesis's own failure line.
   */
  public static final CostModel THESIS = new CostModel(0.04656, 0.00511, 4, 16_384, 0.8, 10_000, 0.01);

  public CostModel {
    if (!(vcpuHourUsd >= 0 && memoryGibHourUsd >= 0) || vcpuHourUsd + memoryGibHourUsd == 0) {
      throw new IllegalArgumentException("'vcpuHourUsd' and 'memoryGibHourUsd' are prices: 0 or more, not both 0;"
          + " got " + vcpuHourUsd + " and " + memoryGibHourUsd);
    }
    if (!(nodeCpus > 0) || nodeMemoryMebibytes < 1) {
      throw new IllegalArgumentException("'nodeCpus' and 'nodeMemoryMebibytes' must be above 0, got " + nodeCpus
          + " and " + nodeMemoryMebibytes);
    }
    if (!(nodeHeadroom > 0 && nodeHeadroom <= 1)) {
      throw new IllegalArgumentException("'nodeHeadroom' is the share of a node instances may take: above 0 and at"
          + " most 1, got " + nodeHeadroom);
    }
    if (!(loadRatePerSecond > 0)) {
      throw new IllegalArgumentException("'loadRatePerSecond' must be above 0, got " + loadRatePerSecond);
    }
    if (!(maxErrorRatio >= 0 && maxErrorRatio < 1)) {
      throw new IllegalArgumentException("'maxErrorRatio' must be at least 0 and below 1, got " + maxErrorRatio);
    }
  }

  /** What one instance at these limits costs an hour. */
  public double usdPerHour(double cpuLimitCores, long memoryLimitMebibytes) {
    return cpuLimitCores * vcpuHourUsd + memoryLimitMebibytes / 1024.0 * memoryGibHourUsd;
  }

  /** How many instances at these limits fit one node within its headroom: the smaller of the CPU and memory fits. */
  public int instancesPerNode(double cpuLimitCores, long memoryLimitMebibytes) {
    // A hair of tolerance: 4 x 0.8 / 0.8 is 3.9999999999999996 in doubles, and four do fit.
    double byCpu = nodeCpus * nodeHeadroom / cpuLimitCores + 1e-9;
    double byMemory = nodeMemoryMebibytes * nodeHeadroom / memoryLimitMebibytes + 1e-9;
    return (int) Math.floor(Math.min(byCpu, byMemory));
  }
}
