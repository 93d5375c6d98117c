package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The cgroup limits a measured container runs under: a CPU quota in cores and a memory limit
 * that is also the memory+swap limit, so the container can never swap.
 */
public record ResourceProfile(String name, double cpus, long memoryMebibytes) {

  public ResourceProfile {
    required(name, "name");
  }

  public long memoryBytes() {
    return memoryMebibytes * 1024 * 1024;
  }

  /** CPU quota in microseconds per the default 100 ms CFS period, as the kernel stores it. */
  public long cpuQuotaMicros() {
    return Math.round(cpus * CFS_PERIOD_MICROS);
  }

  public static final long CFS_PERIOD_MICROS = 100_000;
}
