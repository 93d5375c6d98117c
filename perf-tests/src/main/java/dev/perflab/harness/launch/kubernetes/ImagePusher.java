package dev.perflab.harness.launch.kubernetes;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.AuthConfig;
import dev.perflab.harness.launch.CellLauncher;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.RegistryAuthLocator;

/**
 * The local engine's images pushed to the registry a remote cluster's nodes pull from ({@code
 * perflab.kubernetes.registry}), each once a run, and named to the cluster by digest: a node runs exactly the image
 * the local engine has (a tag on the registry may have moved since). An image the local engine lacks is taken to be
 * the registry's already and named as it is. Credentials are Docker's own ({@code docker login}).
 */
final class ImagePusher {

  private static final Logger LOG = LoggerFactory.getLogger(ImagePusher.class);

  private final String registry;
  private final Map<String, String> pushed = new ConcurrentHashMap<>();

  /** @param registry {@code host[:port][/path]}, as {@code perflab.kubernetes.registry} names it */
  ImagePusher(String registry) {
    this.registry = registry;
  }

  /** How the cluster names {@code image}: {@code registry/repository@sha256:…} once pushed. */
  String reference(String image) {
    return pushed.computeIfAbsent(image, this::push);
  }

  private String push(String image) {
    DockerClient docker = DockerClientFactory.instance().client();
    try {
      docker.inspectImageCmd(image).exec();
    } catch (NotFoundException e) {
      LOG.info("{} is not on the local engine: the cluster pulls it as named", image);
      return image;
    }
    DockerImageName local = DockerImageName.parse(image);
    String repository = registry + "/" + local.getRepository();
    String tag = local.getVersionPart();
    long start = System.nanoTime();
    docker.tagImageCmd(image, repository, tag).exec();
    try {
      AuthConfig auth = RegistryAuthLocator.instance().lookupAuthConfig(DockerImageName.parse(repository + ":" + tag),
          new AuthConfig());
      docker.pushImageCmd(repository).withTag(tag).withAuthConfig(auth).start().awaitCompletion();
      List<String> digests = docker.inspectImageCmd(repository + ":" + tag).exec().getRepoDigests();
      String digest = digests == null ? null : digests.stream().filter(name -> name.startsWith(repository + "@"))
          .findFirst().orElse(null);
      if (digest == null) {
        throw new IllegalStateException("the registry gave no digest for the push");
      }
      LOG.info("Pushed {} as {} in {} s", image, digest, String.format("%.1f", (System.nanoTime() - start) / 1e9));
      return digest;
    } catch (RuntimeException e) {
      throw new IllegalStateException("perflab.kubernetes.registry=" + registry + ": pushing " + image + " as "
          + repository + ":" + tag + " failed (is the registry reachable from this host, and logged in with docker"
          + " login " + registry.split("/")[0] + "?): " + CellLauncher.rootMessage(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while pushing " + image + " to " + registry, e);
    } finally {
      // The local engine keeps only its own name; the pushed name lives on in the registry.
      docker.removeImageCmd(repository + ":" + tag).exec();
    }
  }
}
