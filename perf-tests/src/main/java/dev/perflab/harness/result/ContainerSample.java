package dev.perflab.harness.result;

/**
 * One second of a container under load, from the host's cgroup files and /proc.
 *
 * @param atMillis when the second ended, from the sampler's start
 * @param cpuCores CPU time used in the second, in cores (1.0 = one core busy all second)
 * @param throttledPeriods CFS periods in the second in which the quota ran out
 * @param periods CFS periods in the second in which the container ran at all
 * @param throttledMillis time the container was held back, having used its quota
 */
public record ContainerSample(
    long atMillis, double cpuCores, long throttledPeriods, long periods, double throttledMillis,
    long cgroupMemoryBytes, long rssBytes) {}
