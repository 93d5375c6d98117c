package dev.perflab.harness.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the harness JVM (probe, warm-up client, Testcontainers) off the CPU the measured
 * container is pinned to, so the two never take turns on one core. Linux only: calls
 * {@code sched_setaffinity} through the FFM API for every thread the JVM has now; threads it
 * starts later inherit the mask from the thread that starts them.
 */
public final class HarnessCpuAffinity {

  private static final Logger LOG = LoggerFactory.getLogger(HarnessCpuAffinity.class);
  /** glibc's cpu_set_t: 1024 bits. */
  private static final int CPU_SET_BYTES = 128;

  private HarnessCpuAffinity() {}

  /**
   * Lets every current thread of this JVM, and the processes it starts, run on every CPU again
   * (the kernel keeps only the CPUs this process may use). A lab pins the harness for the time it
   * measures; a timed build must not inherit that, or it builds on one core.
   */
  public static boolean unpin() {
    return pinTo(IntStream.range(0, CPU_SET_BYTES * 8).boxed().toList());
  }

  /**
   * Pins every current thread of this JVM to {@code cpus} (e.g. [0]). Returns false, with a
   * warning, where that is impossible (not Linux, no native access), and the run goes on unpinned.
   */
  public static boolean pinTo(List<Integer> cpus) {
    try {
      MethodHandle setAffinity = Linker.nativeLinker().downcallHandle(
          Linker.nativeLinker().defaultLookup().find("sched_setaffinity").orElseThrow(),
          FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
      try (Arena arena = Arena.ofConfined(); Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
        MemorySegment mask = arena.allocate(CPU_SET_BYTES);
        for (int cpu : cpus) {
          long offset = cpu / 8;
          mask.set(ValueLayout.JAVA_BYTE, offset, (byte) (mask.get(ValueLayout.JAVA_BYTE, offset) | (1 << (cpu % 8))));
        }
        for (Path task : (Iterable<Path>) tasks::iterator) {
          int tid = Integer.parseInt(task.getFileName().toString());
          int result = (int) setAffinity.invokeExact(tid, (long) CPU_SET_BYTES, mask);
          if (result != 0 && Files.exists(task)) {
            LOG.warn("sched_setaffinity({}) failed; the harness JVM stays unpinned", tid);
            return false;
          }
        }
      }
      return true;
    } catch (Throwable e) {
      LOG.warn("cannot pin the harness JVM to CPUs {} ({}); it stays unpinned", cpus, e.toString());
      return false;
    }
  }
}
