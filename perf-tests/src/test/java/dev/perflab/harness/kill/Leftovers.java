package dev.perflab.harness.kill;

import com.github.dockerjava.api.DockerClient;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.launch.LabLabels;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;

/**
 * Everything labelled a perflab run's that the engines hold: containers, networks and volumes on the local Docker
 * engine (a pod's containers among them), and namespaces on the cluster when one answers. What a trial checks is
 * gone after a run, and what a killed run left.
 */
final class Leftovers {

  private Leftovers() {}

  static List<String> now() {
    DockerClient docker = DockerClientFactory.instance().client();
    Map<String, String> owner = Map.of(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE);
    List<String> found = new ArrayList<>();
    docker.listContainersCmd().withShowAll(true).withLabelFilter(owner).exec().forEach(container -> found.add(
        "container " + String.join(",", container.getNames()) + " (" + container.getState() + ")"));
    docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of("io.kubernetes.pod.namespace")).exec().stream()
        .filter(container -> container.getLabels().get("io.kubernetes.pod.namespace").startsWith("perflab-"))
        .forEach(container -> found.add("pod container " + String.join(",", container.getNames())));
    docker.listNetworksCmd().withFilter("label", List.of(LabLabels.OWNER_KEY + "=" + LabLabels.OWNER_VALUE)).exec()
        .forEach(network -> found.add("network " + network.getName()));
    var volumes = docker.listVolumesCmd().withFilter("label", List.of(LabLabels.OWNER_KEY + "="
        + LabLabels.OWNER_VALUE)).exec().getVolumes();
    if (volumes != null) {
      volumes.forEach(volume -> found.add("volume " + volume.getName()));
    }
    docker.listImagesCmd().withLabelFilter("dev.perflab.variant").exec().forEach(image -> found.add("image "
        + String.join(",", image.getRepoTags() == null ? new String[0] : image.getRepoTags())));
    found.addAll(namespaces());
    return found;
  }

  /** Whether the kubeconfig perflab would use names a cluster that answers: a trial on it is skipped otherwise. */
  static boolean clusterAnswers() {
    EngineSettings settings = EngineSettings.read();
    if (!Files.isRegularFile(settings.kubeconfig())) {
      return false;
    }
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(settings.context(),
        settings.kubeconfig().toFile())).build()) {
      client.getKubernetesVersion();
      return true;
    } catch (RuntimeException noCluster) {
      return false;
    }
  }

  /** The cluster's labelled namespaces, if the kubeconfig perflab would use names a cluster that answers. */
  private static List<String> namespaces() {
    EngineSettings settings = EngineSettings.read();
    if (!Files.isRegularFile(settings.kubeconfig())) {
      return List.of();
    }
    try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(settings.context(),
        settings.kubeconfig().toFile())).build()) {
      client.getKubernetesVersion();
      return client.namespaces().withLabel(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE).list().getItems().stream()
          .map(namespace -> "namespace " + namespace.getMetadata().getName()).toList();
    } catch (RuntimeException noCluster) {
      return List.of();
    }
  }
}
