package dev.perflab.harness.catalog;

/** The cgroup limits the image build trains AOT caches under (docker build --cpu-quota, --memory). */
public record TrainingLimits(long cpuPeriodMicros, long cpuQuotaMicros, long memoryMebibytes) {

  public double cpus() {
    return (double) cpuQuotaMicros / cpuPeriodMicros;
  }
}
