package dev.perflab.harness.experiment.replication;

/**
 * One container's CPU and memory over one run (its arrivals and its sessions' last steps): a replica by its
 * name on the lab network, or {@value #BALANCER}.
 *
 * @param throttledPeriods CFS periods in which it ran out of quota
 * @param memoryMaxBytes its cgroup's largest memory reading
 */
record ContainerRow(String configuration, int run, String container, double cpuSeconds, long throttledPeriods,
    long periods, long memoryMaxBytes) {

  static final String BALANCER = "balancer";
}
