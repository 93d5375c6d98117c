package dev.perflab.harness.build;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * A Java agent that works the CPU before the application's main method runs: a deliberately slower
 * start of known size, so a gate can be shown to catch it. It spins until its thread has used the
 * given CPU time, not wall time, because a real startup regression is more work: on a machine that
 * runs everything half as fast, or under a tighter CPU quota, this delay stretches exactly as the
 * rest of the startup does, where a sleep would not. {@link SlowedVariant} puts it into a copy of an
 * image; this class is copied alone into the agent jar, so it must use nothing but the JDK.
 */
public final class SlowStartAgent {

  private SlowStartAgent() {}

  /** {@code -javaagent:slow-start.jar=<CPU milliseconds>}. */
  public static void premain(String cpuMillis) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + Long.parseLong(cpuMillis.strip()) * 1_000_000;
    long spun = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      for (int i = 0; i < 10_000; i++) {
        spun = spun * 31 + i;
      }
    }
    // Read, so the loop is not work the JIT may leave out.
    if (spun == 42) {
      System.err.print("");
    }
  }
}
