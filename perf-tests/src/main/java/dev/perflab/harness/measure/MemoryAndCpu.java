package dev.perflab.harness.measure;

/** One reading of a container's accounting, taken from the host. */
public record MemoryAndCpu(long rssBytes, long cgroupMemoryBytes, long cpuUsageNanos) {

  public static MemoryAndCpu read(long hostPid) {
    HostCgroups cgroups = HostCgroups.ofProcess(hostPid);
    return new MemoryAndCpu(
        ProcessMemory.rssBytes(hostPid), cgroups.memoryUsageBytes(), cgroups.cpuUsageNanos());
  }
}
