package dev.perflab.harness.measure;

import dev.perflab.harness.result.JvmCounters;

/**
 * What a measured launch reads of its process at one moment, from the host: its accounting, and the JVM's own
 * counters (null where the process writes none: a native image), with how long reading the counters took (what
 * they add to a launch).
 */
public record LaunchReading(MemoryAndCpu usage, JvmCounters jvmCounters, double countersReadMillis) {

  public static LaunchReading read(long hostPid) {
    MemoryAndCpu usage = MemoryAndCpu.read(hostPid);
    long start = System.nanoTime();
    JvmCounters counters = PerfData.read(hostPid).orElse(null);
    return new LaunchReading(usage, counters, (System.nanoTime() - start) / 1e6);
  }
}
