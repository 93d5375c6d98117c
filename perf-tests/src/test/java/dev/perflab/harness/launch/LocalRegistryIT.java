package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
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
 * by the next lab from the registry's volume, with the same image IDs; and the build script the apps'
 * images come from gives an image pulled back the same ID again from the same files (rewritten, as a
 * build rewrites its jars), so a resumable series survives a cold-start run before its next build.
 */
@Tag("smoke")
class LocalRegistryIT {

  private static final String BASE = "perflab-test/cold-start-base:1";
  private static final String APP = "perflab-test/cold-start-app:1";
  private static final Catalog CATALOG = CatalogLoader.bundled();

  private static DockerClient docker;
  private static String baseId;
  private static String appId;
  private static Path appContext;

  @BeforeAll
  static void buildTwoImagesSharingALayer() throws Exception {
    docker = DockerClientFactory.instance().client();
    LocalRegistry.restoreLeftovers(CATALOG.registry(), CATALOG.harnessCpuset());
    baseId = build(BASE, "FROM scratch\nCOPY base.bin /base.bin\n", "base.bin", 2_000_000);
    appContext = context("FROM " + BASE + "\nCOPY app.bin /app.bin\n", "app.bin", 1_000_000, APP);
    appId = buildWithProjectScript(APP, appContext);
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

    // Pulled back, the app image has no intermediate images (Docker's local cache); the same bytes,
    // written again with a new modification time, still give the same image.
    Path file = appContext.resolve("app.bin");
    Files.write(file, Files.readAllBytes(file));
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(60)));
    assertThat(buildWithProjectScript(APP, appContext)).isEqualTo(appId);
  }

  /**
   * A build's untagged intermediate images, parent listed before child (as images made in the same second may be):
   * each goes all the same, the child first; the engine refuses a parent while its child is there.
   */
  @Test
  void untaggedImagesGoChildrenFirstWhateverTheirOrder() throws Exception {
    String tag = "perflab-test/cold-start-chain:1";
    Path dir = context("FROM scratch\nCOPY chain.bin /chain.bin\nCOPY chain.bin /again.bin\nCOPY chain.bin /last.bin\n",
        "chain.bin", 100_000, tag);
    docker.buildImageCmd(dir.toFile()).withTags(Set.of(tag)).withLabels(java.util.Map.of(LabLabels.OWNER_KEY,
        LabLabels.OWNER_VALUE)).start().awaitImageId();
    // The built image removed, its intermediate images kept: an untagged child and its untagged parent, what an
    // earlier build leaves.
    String child = docker.inspectImageCmd(docker.inspectImageCmd(tag).exec().getId()).exec().getParent();
    String parent = docker.inspectImageCmd(child).exec().getParent();
    assertThat(parent).as("the classic builder's intermediate images").isNotBlank();
    docker.removeImageCmd(tag).withNoPrune(true).exec();
    LayerSharing layers = new LayerSharing();
    var untagged = layers.sharingWith(child).stream().filter(local -> local.tags().isEmpty())
        .filter(local -> local.id().equals(parent) || local.id().equals(child)).sorted((a, b) ->
            a.id().equals(parent) ? -1 : b.id().equals(parent) ? 1 : 0).toList();
    assertThat(untagged).extracting(LayerSharing.LocalImage::id).containsExactly(parent, child);

    layers.remove(child, untagged);

    assertThat(exists(child)).isFalse();
    assertThat(exists(parent)).isFalse();
  }

  private static String build(String tag, String dockerfile, String file, int bytes) throws Exception {
    Path dir = context(dockerfile, file, bytes, tag);
    docker.buildImageCmd(dir.toFile()).withTags(Set.of(tag)).withLabels(java.util.Map.of(LabLabels.OWNER_KEY,
        LabLabels.OWNER_VALUE)).start().awaitImageId();
    return docker.inspectImageCmd(tag).exec().getId();
  }

  private static Path context(String dockerfile, String file, int bytes, String seed) throws Exception {
    Path dir = Files.createTempDirectory("cold-start-image");
    Files.writeString(dir.resolve("Dockerfile"), dockerfile);
    byte[] content = new byte[bytes];
    new java.util.Random(seed.hashCode()).nextBytes(content);
    Files.write(dir.resolve(file), content);
    return dir;
  }

  /** docker/lib/build-image.sh, as the parent POM runs it for the apps' JVM images. */
  private static String buildWithProjectScript(String tag, Path context) throws Exception {
    Path script = Path.of("..", "docker", "lib", "build-image.sh").toAbsolutePath().normalize();
    Process build = new ProcessBuilder("bash", script.toString(), tag, "--quiet", "--label",
        LabLabels.OWNER_KEY + "=" + LabLabels.OWNER_VALUE, context.toString()).redirectErrorStream(true).start();
    String output = new String(build.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(build.waitFor()).as("%s failed:%n%s", script, output).isZero();
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
