package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

/** How an engine's image name becomes a repository and a tag in the local registry. */
class LocalRegistryNameTest {

  @Test
  void theTagIsAfterTheLastColonPastTheLastSlash() {
    assertThat(LocalRegistry.Name.of("perflab/quarkus:3.37.3-jvm"))
        .isEqualTo(new LocalRegistry.Name("perflab/quarkus", "3.37.3-jvm"));
    assertThat(LocalRegistry.Name.of("ghcr.io/acme/orders:1.2"))
        .isEqualTo(new LocalRegistry.Name("ghcr.io/acme/orders", "1.2"));
  }

  @Test
  void anImageWithoutATagOrWithARegistryPortIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> LocalRegistry.Name.of("perflab/quarkus"))
        .withMessageContaining("has no tag");
    assertThatIllegalArgumentException().isThrownBy(() -> LocalRegistry.Name.of("perflab/quarkus@sha256:abc"))
        .withMessageContaining("has no tag");
    assertThatIllegalArgumentException().isThrownBy(() -> LocalRegistry.Name.of("registry.example:5000/orders:1"))
        .withMessageContaining("with a port");
  }
}
