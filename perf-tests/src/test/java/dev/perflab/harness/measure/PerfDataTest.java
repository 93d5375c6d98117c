package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.JvmCounters;
import org.junit.jupiter.api.Test;

/** The JVM's counters read from its hsperfdata file, as the harness reads a container's: this test's own JVM. */
class PerfDataTest {

  @Test
  void aRunningJvmsCountersAreReadFromItsFileWithoutAttaching() {
    JvmCounters counters = PerfData.read(ProcessHandle.current().pid()).orElseThrow();

    assertThat(counters.classesLoaded()).isGreaterThan(1_000).isGreaterThanOrEqualTo(counters.classesLoadedFromCds());
    assertThat(counters.classBytes()).isPositive();
    assertThat(counters.classLoadingMillis()).isPositive();
    assertThat(counters.threadsStarted()).isPositive();
    assertThat(counters.jitCompiles()).isPositive();
    // Loading one more class moves the count the file holds.
    long before = counters.classesLoaded();
    new Object() { };
    assertThat(PerfData.read(ProcessHandle.current().pid()).orElseThrow().classesLoaded()).isGreaterThan(before);
  }

  @Test
  void aProcessWithoutAFileHasNone() {
    assertThat(PerfData.read(1)).as("init writes no hsperfdata").isEmpty();
    assertThat(PerfData.read(Long.MAX_VALUE)).as("no such process").isEmpty();
  }

  @Test
  void theFileIsNamedByThePidTheProcessSeesAsItsOwn() {
    assertThat(PerfData.namespacePid("Name:\tjava\nNSpid:\t11927\t1\nNSpgid:\t11927\t1\n")).isEqualTo("1");
    assertThat(PerfData.namespacePid("NSpid:\t4242\n")).isEqualTo("4242");
  }
}
