package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Collections;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlowedVariantTest {

  @Test
  void theVariantIsTaggedBesideItsImage() {
    assertThat(SlowedVariant.nameFor("perflab/quarkus:3.37.3-jvm")).isEqualTo("perflab/quarkus:3.37.3-jvm-slowed");
    assertThat(SlowedVariant.nameFor("localhost:5000/team/svc")).isEqualTo("localhost:5000/team/svc:latest-slowed");
  }

  @Test
  void theAgentJarHasFixedEntryTimesSoDockerCanReuseItsLayer(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("slow-start.jar");
    AgentVariant.writeAgentJar(jar, SlowStartAgent.class);

    try (JarFile file = new JarFile(jar.toFile())) {
      assertThat(file.getManifest().getMainAttributes().getValue("Premain-Class")).isEqualTo(SlowStartAgent.class.getName());
      assertThat(Collections.list(file.entries())).hasSize(2)
          .allSatisfy(entry -> assertThat(entry.getTimeLocal()).isEqualTo(AgentVariant.ENTRY_TIME));
    }
  }

  @Test
  void theAgentWorksTheCpuForTheGivenMillis() {
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpuBefore = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    SlowStartAgent.premain(" 30 ");
    assertThat((threads.getCurrentThreadCpuTime() - cpuBefore) / 1e6).as("CPU ms").isGreaterThanOrEqualTo(30);
    assertThat((System.nanoTime() - start) / 1e6).as("wall ms").isGreaterThanOrEqualTo(30);
  }
}
