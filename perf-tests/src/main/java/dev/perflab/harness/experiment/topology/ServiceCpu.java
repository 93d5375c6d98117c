package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.measure.JitCompilerCpu;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A service's CPU so far: its replicas' cgroups summed, and each replica's JIT compiler threads. Read at both
 * ends of a stretch of load, the difference is what the stretch cost it, and how much of that its compiler ran.
 */
record ServiceCpu(long cgroupNanos, List<JitCompilerCpu> compilers) {

  long compilerNanosSince(ServiceCpu earlier) {
    long sum = 0;
    for (int replica = 0; replica < compilers.size(); replica++) {
      sum += compilers.get(replica).nanosSince(earlier.compilers().get(replica));
    }
    return sum;
  }

  /**
   * Each service of the variant's CPU so far, by name.
   *
   * @param cgroups each replica's cgroup files by its host PID, found once and kept here
   */
  static Map<String, ServiceCpu> byService(TopologyVariant variant, RunningSet set, Map<Long, HostCgroups> cgroups) {
    Map<String, ServiceCpu> cpu = new LinkedHashMap<>();
    for (TopologyService service : variant.services()) {
      long sum = 0;
      List<JitCompilerCpu> compilers = new ArrayList<>();
      for (RunningCell replica : set.service(service.name()).replicas()) {
        long pid = replica.replica().hostPid();
        sum += cgroups.computeIfAbsent(pid, HostCgroups::ofProcess).cpuUsageNanos();
        compilers.add(JitCompilerCpu.ofProcess(pid));
      }
      cpu.put(service.name(), new ServiceCpu(sum, compilers));
    }
    return cpu;
  }
}
