package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.result.Outcome;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A pod's failure as a report tells it: what ended its container (exit code, OOM kill), why it never ran (the
 * namespace's events about it: FailedScheduling, ErrImageNeverPull, BackOff, Unhealthy), then its log.
 */
final class PodFailures {

  private PodFailures() {}

  static Outcome.Failed of(KubernetesClient client, String namespace, String pod, String subject, String reason) {
    Pod current = get(client, namespace, pod);
    Long exitCode = null;
    Boolean oomKilled = null;
    String cause = "";
    Optional<ContainerStatus> status = current == null || current.getStatus() == null
        || current.getStatus().getContainerStatuses() == null ? Optional.empty()
        : current.getStatus().getContainerStatuses().stream()
            .filter(candidate -> Manifests.APP_CONTAINER.equals(candidate.getName())).findFirst();
    if (status.isPresent()) {
      Optional<ContainerStateTerminated> ended = PodReplica.terminated(status.get());
      if (ended.isPresent()) {
        exitCode = ended.get().getExitCode() == null ? null : ended.get().getExitCode().longValue();
        oomKilled = "OOMKilled".equals(ended.get().getReason());
        cause = Boolean.TRUE.equals(oomKilled)
            ? "the container was killed by the kernel OOM killer at its memory limit (exit code " + exitCode + "); then "
            : "the container exited with code " + exitCode + " (" + ended.get().getReason() + "); then ";
      } else if (status.get().getState() != null && status.get().getState().getWaiting() != null) {
        cause = "the container is waiting: " + status.get().getState().getWaiting().getReason() + " ("
            + status.get().getState().getWaiting().getMessage() + "); then ";
      }
    } else if (current == null) {
      cause = "the pod is gone; then ";
    }
    List<String> tail = new ArrayList<>();
    events(client, namespace, pod).forEach(line -> tail.add("event: " + line));
    String log = log(client, namespace, pod, status.map(ContainerStatus::getRestartCount).orElse(0) > 0);
    if (!log.isBlank()) {
      tail.addAll(Outcome.Failed.tail(log));
    }
    return new Outcome.Failed(subject + " (pod " + pod + ")", cause + reason, exitCode, oomKilled, List.copyOf(tail));
  }

  /** The namespace's events about the pod, oldest first: "Warning FailedScheduling: 0/1 nodes are available: …". */
  static List<String> events(KubernetesClient client, String namespace, String pod) {
    try {
      return client.v1().events().inNamespace(namespace).list().getItems().stream()
          .filter(event -> event.getInvolvedObject() != null && pod.equals(event.getInvolvedObject().getName()))
          .sorted(Comparator.comparing(PodFailures::when))
          .map(event -> event.getType() + " " + event.getReason() + ": " + event.getMessage()
              + (event.getCount() != null && event.getCount() > 1 ? " (x" + event.getCount() + ")" : ""))
          .toList();
    } catch (KubernetesClientException e) {
      return List.of("(events not readable: " + e.getMessage() + ")");
    }
  }

  private static String when(Event event) {
    String time = event.getLastTimestamp() != null ? event.getLastTimestamp() : event.getFirstTimestamp();
    return time != null ? time : event.getEventTime() == null ? "" : event.getEventTime().getTime();
  }

  private static String log(KubernetesClient client, String namespace, String pod, boolean restarted) {
    try {
      var container = client.pods().inNamespace(namespace).withName(pod).inContainer(Manifests.APP_CONTAINER);
      // A container the kubelet restarted: the run that failed is the previous one.
      return restarted ? container.terminated().getLog() : container.getLog();
    } catch (KubernetesClientException e) {
      return "";
    }
  }

  private static Pod get(KubernetesClient client, String namespace, String pod) {
    try {
      return client.pods().inNamespace(namespace).withName(pod).get();
    } catch (KubernetesClientException e) {
      return null;
    }
  }
}
