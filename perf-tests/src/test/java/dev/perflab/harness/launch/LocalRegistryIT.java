package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * The cold-start experiment's image handling on two small images of its own, the second built on the
 * first: a pull after taking away only its tag would fetch nothing, so every image sharing a layer
 * goes; the pull then fetches every layer, and counts it; a run killed with tags taken is made whole
 * by the next lab from the registry's volume, with the same image IDs.
 */
@Tag("smoke")
class LocalRegistryIT {

  private static final String BASE = "perflab-test/cold-start-base:1";
  private static final String APP = "perflab-test/cold-start-app:1";
  private static final Catalog CATALOG = CatalogLoader.bundled();

  private static DockerClient docker;
  private static String baseId;
  private static String appId;

  @BeforeAll
  static void buildTwoImagesSharingALayer() throws Exception {
    docker = DockerClientFactory.instance().client();
    LocalRegistry.restoreLeftovers(CATALOG.registry(), CATALOG.harnessCpuset());
    baseId = build(BASE, "FROM scratch\nCOPY base.bin /base.bin\n", "base.bin", 2_000_000);
    appId = build(APP, "FROM " + BASE + "\nCOPY app.bin /app.bin\n", "app.bin", 1_000_000);
  }

  @AfterAll
  static void removeThem() {
    for (String image : new String[] {APP, BASE}) {
      try {
        docker.removeImageCmd(image).exec();
      } catch (NotFoundException e) {
        // Already gone.
      }
    }
    LocalRegistry.removeVolume();
  }

  @Test
  void aPullWithoutSharedLayersFetchesThemAllAndAKilledRunsTagsComeBack() throws Exception {
    LayerSharing layers = new LayerSharing();
    try (LocalRegistry registry = LocalRegistry.start(CATALOG.registry(), CATALOG.harnessCpuset())) {
      var sharing = layers.sharingWith(APP);
      assertThat(sharing).flatExtracting(LayerSharing.LocalImage::tags).contains(BASE, APP);
      registry.push(BASE);
      registry.push(APP);

      layers.remove(APP, sharing);

      assertThat(exists(BASE)).isFalse();
      assertThat(exists(APP)).isFalse();
      LocalRegistry.Pull pull = registry.pull(APP, registry.address());
      assertThat(pull.imageId()).isEqualTo(appId);
      assertThat(pull.pulledLayers()).isEqualTo(2);
      assertThat(pull.presentLayers()).isZero();
      assertThat(pull.pulledBytes()).isEqualTo(registry.manifest(APP).compressedBytes()).isGreaterThan(1000);
      assertThat(docker.inspectImageCmd(APP).exec().getId()).isEqualTo(appId);
      // Killed here: the base's tag is still taken, and the volume holds it.
    }
    assertThat(exists(BASE)).isFalse();

    LocalRegistry.restoreLeftovers(CATALOG.registry(), CATALOG.harnessCpuset());

    assertThat(docker.inspectImageCmd(BASE).exec().getId()).isEqualTo(baseId);
    assertThat(docker.listVolumesCmd().exec().getVolumes()).noneMatch(volume ->
        volume.getName().equals(LocalRegistry.VOLUME));
  }

  private static String build(String tag, String dockerfile, String file, int bytes) throws Exception {
    Path dir = Files.createTempDirectory("cold-start-image");
    Files.writeString(dir.resolve("Dockerfile"), dockerfile);
    byte[] content = new byte[bytes];
    new java.util.Random(tag.hashCode()).nextBytes(content);
    Files.write(dir.resolve(file), content);
    docker.buildImageCmd(dir.toFile()).withTags(Set.of(tag)).withLabels(java.util.Map.of(LabLabels.OWNER_KEY,
        LabLabels.OWNER_VALUE)).start().awaitImageId();
    return docker.inspectImageCmd(tag).exec().getId();
  }

  private static boolean exists(String image) {
    try {
      docker.inspectImageCmd(image).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }
}
