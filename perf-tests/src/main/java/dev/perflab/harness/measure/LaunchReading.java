package dev.perflab.harness.measure;

import dev.perflab.harness.result.JvmCounters;

/**
 * What a measured launch reads of its process at one moment, from the host: its accounting, and the JVM's own
 * counters (null where the process writes none: a native image).
 */
public record LaunchReading(MemoryAndCpu usage, JvmCounters jvmCounters) {

  public static LaunchReading read(long hostPid) {
    return new LaunchReading(MemoryAndCpu.read(hostPid), PerfData.read(hostPid).orElse(null));
  }
}
