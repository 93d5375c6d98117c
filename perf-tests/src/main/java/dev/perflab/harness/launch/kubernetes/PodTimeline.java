package dev.perflab.harness.launch.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * A pod's start as the cluster recorded it, from the harness's create call: scheduled (the PodScheduled
 * condition), its app container started (the runtime's record), Ready (the kubelet's readiness probe), beside the
 * first 200 the harness saw. The cluster's own times have whole seconds; the harness's are its clock's.
 */
record PodTimeline(Instant created, Instant scheduled, Instant containerStarted, Instant ready, Instant firstOk) {

  static PodTimeline of(Pod pod, Instant created, Instant firstOk) {
    return new PodTimeline(created, condition(pod, "PodScheduled").orElse(null), started(pod).orElse(null),
        condition(pod, "Ready").orElse(null), firstOk);
  }

  String describe() {
    return "scheduled " + second(scheduled) + ", container started " + second(containerStarted) + ", Ready (kubelet) "
        + second(ready) + " in the cluster's whole seconds from the create call's; first 200 (harness) after "
        + String.format("%.2f s", Duration.between(created, firstOk).toMillis() / 1e3);
  }

  /** A cluster time as the second it fell in, counted from the second of the create call. */
  private String second(Instant instant) {
    return instant == null ? "(not recorded)"
        : "+" + Duration.between(created.truncatedTo(ChronoUnit.SECONDS), instant).toSeconds() + " s";
  }

  private static Optional<Instant> condition(Pod pod, String type) {
    if (pod == null || pod.getStatus() == null || pod.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getConditions().stream()
        .filter(condition -> type.equals(condition.getType()) && "True".equals(condition.getStatus()))
        .map(PodCondition::getLastTransitionTime).filter(time -> time != null).map(Instant::parse).findFirst();
  }

  private static Optional<Instant> started(Pod pod) {
    if (pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getContainerStatuses().stream()
        .filter(status -> Manifests.APP_CONTAINER.equals(status.getName()))
        .map(ContainerStatus::getState).filter(state -> state != null && state.getRunning() != null)
        .map(state -> state.getRunning().getStartedAt()).filter(time -> time != null).map(Instant::parse).findFirst();
  }
}
