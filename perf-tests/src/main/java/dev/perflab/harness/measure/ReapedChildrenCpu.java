package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of every child this JVM has waited for, and of their waited-for descendants:
 * fields 16-17 (cutime, cstime) of {@code /proc/self/stat}. The delta across one build is that
 * build's Maven JVM with every process it forked (javac, the AOT tools, docker CLI); the JDK
 * offers no CPU time for a process once it has ended.
 */
public final class ReapedChildrenCpu {

  /** Linux's USER_HZ: /proc times are in 1/100 s on every architecture the JDK supports. */
  private static final long CLOCK_TICKS_PER_SECOND = 100;

  private ReapedChildrenCpu() {}

  public static long millis() {
    try {
      return millisFromStat(Files.readString(Path.of("/proc/self/stat")));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read /proc/self/stat", e);
    }
  }

  /** The name field may hold spaces and parentheses: count fields from the last ')'. */
  static long millisFromStat(String stat) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 1).strip().split(" ");
    long ticks = Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
    return ticks * 1000 / CLOCK_TICKS_PER_SECOND;
  }
}
