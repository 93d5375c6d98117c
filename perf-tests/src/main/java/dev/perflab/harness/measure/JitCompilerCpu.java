package dev.perflab.harness.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CPU a HotSpot JVM's JIT compiler threads have run, read from the host's {@code /proc}: every thread of the
 * process named {@code C1 CompilerThread<n>} or {@code C2 CompilerThread<n>} ({@code comm} keeps 15 characters),
 * its run time in nanoseconds (the first field of its {@code schedstat}). Under a quarter of a core a JVM is
 * still compiling minutes into a load, and that CPU is its cgroup's: a count of CPU per request that should hold
 * for the steady state leaves it out. Another JVM's threads, or none, count 0.
 */
public final class JitCompilerCpu {

  private static final Pattern COMPILER_THREAD = Pattern.compile("C[12] CompilerThre.*");

  private final Map<Long, Long> nanosByThread;

  private JitCompilerCpu(Map<Long, Long> nanosByThread) {
    this.nanosByThread = nanosByThread;
  }

  /** Each compiler thread's run time so far, of host process {@code pid} (a container's State.Pid). */
  public static JitCompilerCpu ofProcess(long pid) {
    Path tasks = Path.of("/proc", String.valueOf(pid), "task");
    Map<Long, Long> nanos = new HashMap<>();
    try (Stream<Path> threads = Files.list(tasks)) {
      for (Path thread : threads.toList()) {
        try {
          if (COMPILER_THREAD.matcher(Files.readString(thread.resolve("comm")).strip()).matches()) {
            nanos.put(Long.parseLong(thread.getFileName().toString()), runNanos(Files.readString(
                thread.resolve("schedstat"))));
          }
        } catch (NoSuchFileException gone) {
          // The thread ended while the list was read: HotSpot stops idle compiler threads.
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the threads of process " + pid + " in " + tasks, e);
    }
    return new JitCompilerCpu(nanos);
  }

  /**
   * The compiler threads' run time from {@code earlier} to this reading: each thread's difference, a thread
   * started since then all of its own. A thread that ended in between takes what it ran since {@code earlier}
   * with it, which the difference then leaves in the JVM's other CPU.
   */
  public long nanosSince(JitCompilerCpu earlier) {
    long sum = 0;
    for (Map.Entry<Long, Long> thread : nanosByThread.entrySet()) {
      sum += thread.getValue() - earlier.nanosByThread.getOrDefault(thread.getKey(), 0L);
    }
    return sum;
  }

  int threads() {
    return nanosByThread.size();
  }

  static JitCompilerCpu of(Map<Long, Long> nanosByThread) {
    return new JitCompilerCpu(Map.copyOf(nanosByThread));
  }

  /** {@code schedstat}: run time on the CPU (ns), time waiting for it (ns), time slices. */
  static long runNanos(String schedstat) {
    return Long.parseLong(schedstat.strip().split(" ")[0]);
  }
}
