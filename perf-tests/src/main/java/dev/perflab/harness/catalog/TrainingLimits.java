package dev.perflab.harness.catalog;

/**
 * The cgroup limits the image build trains AOT caches under ({@code docker build --cpu-quota,
 * --cpu-period, --memory}, from the parent POM's perflab.training.* properties).
 */
public record TrainingLimits(long cpuPeriodMicros, long cpuQuotaMicros, long memoryMebibytes) {

  public CpuLimit cpus() {
    return CpuLimit.ofQuota(cpuQuotaMicros, cpuPeriodMicros);
  }

  /** "1.0 CPU / 512 MiB". */
  public String describe() {
    return cpus() + " / " + memoryMebibytes + " MiB";
  }
}
