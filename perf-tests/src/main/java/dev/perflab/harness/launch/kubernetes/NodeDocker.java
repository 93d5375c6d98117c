package dev.perflab.harness.launch.kubernetes;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.testcontainers.DockerClientFactory;

/**
 * The node's Docker engine, where the harness runs on the node and the cluster's runtime is Docker (cri-dockerd,
 * as on the cluster docker/kubernetes/cluster.sh starts): a pod's container as the host sees it, for its process
 * (RSS, cgroup CPU and memory), its start to the nanosecond and a SIGKILL. Elsewhere it says so when asked.
 */
final class NodeDocker {

  private static final String DOCKER_SCHEME = "docker://";
  /** The labels cri-dockerd gives a pod's containers. */
  private static final String POD_NAMESPACE_LABEL = "io.kubernetes.pod.namespace";
  private static final String POD_NAME_LABEL = "io.kubernetes.pod.name";
  /** "container" for a pod's own containers, "podsandbox" for the sandbox that holds its network. */
  private static final String TYPE_LABEL = "io.kubernetes.docker.type";

  private NodeDocker() {}

  /** The container's main process on this host. */
  static long hostPid(String containerId) {
    return inspect(containerId).getState().getPidLong();
  }

  /** When the runtime started the container, to the nanosecond (the pod's status has whole seconds). */
  static Instant startedAt(String containerId) {
    return Instant.parse(inspect(containerId).getState().getStartedAt());
  }

  /** Kills the container at once, as a crash would; the kubelet restarts it (the pod's restart count rises). */
  static void kill(String containerId) {
    docker().killContainerCmd(dockerId(containerId)).withSignal("KILL").exec();
  }

  /** Whether the pod's containers run on this host's Docker engine. */
  static boolean reaches(String containerId) {
    return hostPidHere(containerId).isPresent();
  }

  /** The container's main process on this host; empty where it is not a container of this host's Docker engine. */
  static OptionalLong hostPidHere(String containerId) {
    if (containerId == null || !containerId.startsWith(DOCKER_SCHEME) || !DockerClientFactory.instance().isDockerAvailable()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(hostPid(containerId));
    } catch (IllegalStateException e) {
      return OptionalLong.empty();
    }
  }

  /**
   * On a node whose runtime is this host's Docker engine, the exited containers of a namespace's pods, which the
   * kubelet's garbage collection would take only minutes later: nothing of a run is left when it ends.
   */
  static void removeExitedContainers(String namespace) {
    if (DockerClientFactory.instance().isDockerAvailable()) {
      removeExited(Map.of(POD_NAMESPACE_LABEL, namespace));
    }
  }

  /**
   * A deleted pod's app container once the kubelet has stopped it (the API forgets a pod deleted without grace before
   * its node stops it), where the node's runtime is this host's Docker engine: an image it holds could not be taken
   * away (a pulled cold start's next pull).
   */
  static void removeAppContainers(String namespace, String pod, Duration timeout) throws InterruptedException {
    if (!DockerClientFactory.instance().isDockerAvailable()) {
      return;
    }
    Map<String, String> labels = Map.of(POD_NAMESPACE_LABEL, namespace, POD_NAME_LABEL, pod, TYPE_LABEL, "container");
    long deadline = System.nanoTime() + timeout.toNanos();
    String late = " on this node " + timeout.toSeconds() + " s after the pod was deleted";
    awaitUntil(() -> docker().listContainersCmd().withLabelFilter(labels).exec().stream()
        .noneMatch(container -> "running".equals(container.getState())), deadline,
        "pod " + pod + "'s container still runs" + late);
    removeExited(labels);
    // The kubelet's own removal may be under way (Docker answers 409 to a second one): the image is free only when
    // that removal ends.
    awaitUntil(() -> docker().listContainersCmd().withShowAll(true).withLabelFilter(labels).exec().isEmpty(), deadline,
        "pod " + pod + "'s exited container is still" + late);
  }

  private static void awaitUntil(BooleanSupplier done, long deadline, String otherwise) throws InterruptedException {
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(otherwise);
      }
      Thread.sleep(100);
    }
  }

  private static void removeExited(Map<String, String> labels) {
    DockerClient docker = docker();
    for (Container container : docker.listContainersCmd().withShowAll(true).withLabelFilter(labels).exec()) {
      if (!"running".equals(container.getState())) {
        try {
          docker.removeContainerCmd(container.getId()).withForce(true).exec();
        } catch (NotFoundException | ConflictException e) {
          // The kubelet's garbage collection took it first, or is taking it now.
        }
      }
    }
  }

  private static InspectContainerResponse inspect(String containerId) {
    try {
      return docker().inspectContainerCmd(dockerId(containerId)).exec();
    } catch (NotFoundException e) {
      throw new IllegalStateException("container " + containerId + " is not on this host's Docker engine: the"
          + " harness reads a pod's process only where it runs on the pod's node with a Docker runtime (the cluster"
          + " cluster.sh starts); on another cluster, per-process figures are not available", e);
    }
  }

  private static String dockerId(String containerId) {
    if (containerId == null || !containerId.startsWith(DOCKER_SCHEME)) {
      throw new IllegalStateException("the pod's container '" + containerId + "' is not a Docker container: the harness"
          + " reads a pod's process only where the cluster's runtime is this host's Docker engine (cri-dockerd)");
    }
    return containerId.substring(DOCKER_SCHEME.length());
  }

  private static DockerClient docker() {
    return DockerClientFactory.instance().client();
  }
}
