package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.Replica;
import dev.perflab.harness.result.Outcome;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Optional;

/**
 * One pod's app container: reached at the pod's address, sampled through the node's Docker engine where the harness
 * runs on the node, its failure told with its exit code, OOM kill, the namespace's events about it and its log.
 *
 * @param containerId as the pod's status names it ({@code docker://…}): the container that answered; one the
 *     kubelet restarts is another, and this replica no longer "still runs"
 */
record PodReplica(KubernetesClient client, String namespace, String pod, String ip, String containerId)
    implements Replica {

  @Override
  public String networkIp() {
    return ip;
  }

  @Override
  public long hostPid() {
    return NodeDocker.hostPid(containerId);
  }

  @Override
  public boolean stillRunning() {
    return status().map(status -> containerId.equals(status.getContainerID()) && status.getState() != null
        && status.getState().getRunning() != null).orElse(false);
  }

  @Override
  public String logs() {
    try {
      return client.pods().inNamespace(namespace).withName(pod).inContainer(Manifests.APP_CONTAINER).getLog();
    } catch (KubernetesClientException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Override
  public Outcome.Failed failure(String subject, String reason) {
    return PodFailures.of(client, namespace, pod, subject, reason);
  }

  /** SIGKILL through the node's engine where the harness is on the node; else the pod deleted without grace. */
  @Override
  public void kill() {
    if (NodeDocker.reaches(containerId)) {
      NodeDocker.kill(containerId);
    } else {
      client.pods().inNamespace(namespace).withName(pod).withGracePeriod(0).delete();
    }
  }

  @Override
  public void stop() {
    client.pods().inNamespace(namespace).withName(pod).withGracePeriod(0).delete();
  }

  private Optional<ContainerStatus> status() {
    Pod current = client.pods().inNamespace(namespace).withName(pod).get();
    if (current == null || current.getStatus() == null || current.getStatus().getContainerStatuses() == null) {
      return Optional.empty();
    }
    return current.getStatus().getContainerStatuses().stream()
        .filter(status -> Manifests.APP_CONTAINER.equals(status.getName())).findFirst();
  }

  /** How the container's last run ended, when it has ended. */
  static Optional<ContainerStateTerminated> terminated(ContainerStatus status) {
    if (status.getState() != null && status.getState().getTerminated() != null) {
      return Optional.of(status.getState().getTerminated());
    }
    return Optional.ofNullable(status.getLastState()).map(state -> state.getTerminated());
  }
}
