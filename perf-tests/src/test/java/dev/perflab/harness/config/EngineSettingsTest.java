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
        Map.of(), null)).hasMessageContaining("perflab.kubernetes.namespace.prefix").hasMessageContaining("'Perf_lab'");
  }

  @Test
  void theReportNamesTheEngineAndTheCluster() {
    assertThat(new EngineSettings(EngineSettings.Engine.LOCAL, Path.of("k"), null, "perflab", Map.of(), null).describe())
        .isEqualTo(EngineSettings.LOCAL_DESCRIPTION);
    assertThat(new EngineSettings(EngineSettings.Engine.KUBERNETES, Path.of("/k/config"), "kind-perflab", "perflab",
        Map.of("disk", "ssd"), "registry.example.com/team").describe()).isEqualTo("Kubernetes (kubeconfig /k/config,"
        + " context kind-perflab, nodes {disk=ssd}, images pushed to registry.example.com/team)");
  }

  @Test
  void aRegistryIsNamedAsDockerNamesOne() {
    for (String registry : new String[] {"registry.example.com", "registry.example.com/team/perf", "127.0.0.1:5000",
        "localhost:5000", "localhost", "ghcr.io/my-org"}) {
      assertThat(settingsWithRegistry(registry).registry()).isEqualTo(registry);
    }
    // A Docker Hub user is not a registry; nor is a URL or a name with a tag.
    for (String registry : new String[] {"myuser", "https://registry.example.com", "registry.example.com/x:1",
        "Registry.Example.com"}) {
      assertThatThrownBy(() -> settingsWithRegistry(registry)).hasMessageContaining("perflab.kubernetes.registry")
          .hasMessageContaining("'" + registry + "'");
    }
  }

  private static EngineSettings settingsWithRegistry(String registry) {
    return new EngineSettings(EngineSettings.Engine.KUBERNETES, Path.of("k"), null, "perflab", Map.of(), registry);
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
