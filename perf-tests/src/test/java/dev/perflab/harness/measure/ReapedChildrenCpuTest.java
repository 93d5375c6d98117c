package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReapedChildrenCpuTest {

  /** A child that spins until its main thread has used the CPU milliseconds it is given. */
  private static final String BURN = """
      class Burn {
        public static void main(String[] args) {
          var threads = java.lang.management.ManagementFactory.getThreadMXBean();
          long untilNanos = Long.parseLong(args[0]) * 1_000_000L;
          while (threads.getCurrentThreadCpuTime() < untilNanos) {
            Thread.onSpinWait();
          }
        }
      }
      """;

  @Test
  void readsCutimeAndCstimeEvenWhenTheNameHoldsSpacesAndParentheses() {
    String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 200 0 0 250 30 120 45 20 0 40 0 100 "
        + "1000000 5000 18446744073709551615";

    assertThat(ReapedChildrenCpu.millisFromStat(stat)).isEqualTo((120 + 45) * 10);
  }

  @Test
  void aChildThatBurnsCpuIsCountedOnceItIsReaped(@TempDir Path dir) throws Exception {
    // A set amount of CPU, not whatever "java -version" costs on this machine: a fast one could
    // start a JVM within the 10 ms a clock tick counts.
    Path burn = Files.writeString(dir.resolve("Burn.java"), BURN);
    long before = ReapedChildrenCpu.millis();
    Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), burn.toString(), "200")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the child ended").isTrue();
    assertThat(child.exitValue()).isZero();

    // 200 ms at least; user and system time are each rounded down to a tick.
    assertThat(ReapedChildrenCpu.millis() - before).isGreaterThanOrEqualTo(180);
  }
}
