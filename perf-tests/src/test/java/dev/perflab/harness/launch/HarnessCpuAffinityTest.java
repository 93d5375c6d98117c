package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class HarnessCpuAffinityTest {

  @Test
  void pinsThisJvmsThreadsAndTheThreadsItStartsLater() throws Exception {
    assertThat(HarnessCpuAffinity.pinTo(List.of(0))).isTrue();
    assertThat(cpusAllowed(Path.of("/proc/thread-self/status"))).isEqualTo("0");
    String[] later = new String[1];
    Thread thread = Thread.ofPlatform().start(() -> later[0] = cpusAllowed(Path.of("/proc/thread-self/status")));
    thread.join();
    assertThat(later[0]).isEqualTo("0");
    assertThat(HarnessCpuAffinity.pinTo(List.of(0, 1))).isTrue();
  }

  @Test
  void unpinningGivesBackEveryCpuThisProcessMayUse() {
    String before = cpusAllowed(Path.of("/proc/thread-self/status"));
    assertThat(HarnessCpuAffinity.pinTo(List.of(0))).isTrue();

    assertThat(HarnessCpuAffinity.unpin()).isTrue();
    assertThat(cpusAllowed(Path.of("/proc/thread-self/status"))).isEqualTo(before);
  }

  private static String cpusAllowed(Path status) {
    try {
      return Files.readAllLines(status).stream()
          .filter(line -> line.startsWith("Cpus_allowed_list:"))
          .map(line -> line.substring("Cpus_allowed_list:".length()).strip())
          .findFirst().orElseThrow();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
