package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The engine setting and the cluster's: what each reads, and a value that would not work refused with the reason. */
class EngineSettingsTest {

  @Test
  void nodeLabelsReadAsKubernetesWritesThem() {
    assertThat(EngineSettings.labels("disk=ssd, topology.kubernetes.io/zone=a")).containsExactly(
        Map.entry("disk", "ssd"), Map.entry("topology.kubernetes.io/zone", "a"));
    assertThatThrownBy(() -> EngineSettings.labels("disk")).hasMessageContaining("got 'disk' in 'disk'");
    assertThatThrownBy(() -> EngineSettings.labels("disk=s sd")).hasMessageContaining("key=value");
  }

  @Test
  void aNamespacePrefixMustStartANamespaceName() {
    assertThatThrownBy(() -> new EngineSettings(EngineSettings.Engine.KUBERNETES, Path.of("k"), null, "Perf_lab",
        Map.of())).hasMessageContaining("perflab.kubernetes.namespace.prefix").hasMessageContaining("'Perf_lab'");
  }

  @Test
  void theReportNamesTheEngineAndTheCluster() {
    assertThat(new EngineSettings(EngineSettings.Engine.LOCAL, Path.of("k"), null, "perflab", Map.of()).describe())
        .isEqualTo(EngineSettings.LOCAL_DESCRIPTION);
    assertThat(new EngineSettings(EngineSettings.Engine.KUBERNETES, Path.of("/k/config"), "kind-perflab", "perflab",
        Map.of("disk", "ssd")).describe()).isEqualTo("Kubernetes (kubeconfig /k/config, context kind-perflab, nodes"
        + " {disk=ssd})");
  }

  @Test
  void anUnknownEngineIsRefusedWithTheOnesThereAre() {
    System.setProperty("perflab.engine", "swarm");
    try {
      assertThatThrownBy(EngineSettings::read).hasMessageContaining("perflab.engine")
          .hasMessageContaining("expected local or kubernetes, got 'swarm'");
    } finally {
      System.clearProperty("perflab.engine");
    }
  }
}
