package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JIT compiler threads' CPU between two readings, as HotSpot starts and stops them, and this very JVM's,
 * which is compiling as the tests run.
 */
class JitCompilerCpuTest {

  @Test
  void aThreadsDifferenceAndANewThreadsWholeRunTimeCount() {
    JitCompilerCpu earlier = JitCompilerCpu.of(Map.of(10L, 1_000L, 11L, 5_000L));
    JitCompilerCpu later = JitCompilerCpu.of(Map.of(10L, 1_500L, 12L, 300L));

    // Thread 10 ran 500 ns more, 12 started and ran 300; 11 ended and takes its share with it.
    assertThat(later.nanosSince(earlier)).isEqualTo(800);
  }

  @Test
  void readsTheRunTimeFieldOfSchedstat() {
    assertThat(JitCompilerCpu.runNanos("958346 120 2\n")).isEqualTo(958_346);
  }

  @Test
  void findsThisJvmsCompilerThreadsCompiling() {
    long pid = ProcessHandle.current().pid();
    JitCompilerCpu before = JitCompilerCpu.ofProcess(pid);
    long sum = 0;
    for (int i = 0; i < 200; i++) {
      sum += hot(i);
    }

    JitCompilerCpu after = JitCompilerCpu.ofProcess(pid);
    assertThat(sum).isPositive();
    assertThat(after.threads()).as("C1 and C2 compiler threads of a tiered JVM").isPositive();
    assertThat(after.nanosSince(before)).as("compiling the loop").isPositive();
  }

  private static long hot(int seed) {
    long x = seed;
    for (int i = 0; i < 100_000; i++) {
      x = x * 31 + i;
    }
    return x == 0 ? 1 : Math.abs(x % 1000) + 1;
  }
}
