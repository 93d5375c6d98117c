package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.LabServiceException;
import dev.perflab.harness.measure.FirstOkProbe;
import dev.perflab.harness.measure.FirstOkProbe.FirstOk;
import dev.perflab.harness.result.Outcome;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Waits for a service's pods to answer: each pod's readiness path polled at the pod's own address from the moment
 * it has one (the harness's first 200, as on the local engine, not the kubelet's once-a-second probe), and sampled
 * at that moment. A pod that ends, or waits for something that will not come (an image the node lacks, a
 * crash loop), fails the rollout at once with its events; one not answering within the timeout fails it then.
 */
final class Rollout {

  /** How often the pods are listed while the rollout waits. */
  private static final Duration LIST_INTERVAL = Duration.ofMillis(50);
  /** Reasons a container waits that no amount of waiting cures. */
  private static final List<String> HOPELESS = List.of("ErrImageNeverPull", "ErrImagePull", "ImagePullBackOff",
      "CrashLoopBackOff", "CreateContainerConfigError", "InvalidImageName", "CreateContainerError");
  /** Of those, the node's not having or not getting the image: the lab's fault, not the app's ({@code LabFaults}). */
  private static final List<String> IMAGE_PROBLEMS = List.of("ErrImageNeverPull", "ErrImagePull", "ImagePullBackOff",
      "InvalidImageName");

  /** A pod that answered: its address, its container as the runtime names it, and its first 200. */
  record AnsweredPod<T>(String name, String ip, String containerId, FirstOk<T> firstOk) {}

  private Rollout() {}

  /**
   * The {@code replicas} pods labelled {@code service} in {@code namespace}, once each answers 200 at
   * {@code readinessPath} on {@code port}, in the order they were created; {@code atFirstOk} samples a pod (given
   * its container id) at its first 200.
   */
  static <T> List<AnsweredPod<T>> await(KubernetesClient client, String namespace, String subject, String service,
      int replicas, int port, String readinessPath, Duration timeout, Function<String, T> atFirstOk)
      throws CellLaunchException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Map<String, FirstOkProbe<T>> probes = new LinkedHashMap<>();
    Map<String, String> ips = new LinkedHashMap<>();
    try {
      while (true) {
        List<Pod> pods = client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, service).list()
            .getItems().stream().filter(pod -> pod.getMetadata().getDeletionTimestamp() == null)
            .sorted(Comparator.comparing(pod -> pod.getMetadata().getCreationTimestamp())).toList();
        for (Pod pod : pods) {
          String name = pod.getMetadata().getName();
          hopeless(pod).ifPresent(why -> {
            throw new RolloutFailure(name, why);
          });
          String ip = pod.getStatus() == null ? null : pod.getStatus().getPodIP();
          if (ip != null && !probes.containsKey(name)) {
            ips.put(name, ip);
            URI uri = URI.create("http://" + ip + ":" + port + readinessPath);
            probes.put(name, FirstOkProbe.start(() -> uri, () -> atFirstOk.apply(containerId(client, namespace, name))));
          }
        }
        Map<String, FirstOk<T>> answered = new LinkedHashMap<>();
        probes.forEach((name, probe) -> probe.answered().ifPresent(firstOk -> answered.put(name, firstOk)));
        if (answered.size() >= replicas) {
          // The container id read once a pod has answered: a pod listed a moment before may not have had it.
          return answered.entrySet().stream().limit(replicas).map(pod -> new AnsweredPod<>(pod.getKey(),
              ips.get(pod.getKey()), containerId(client, namespace, pod.getKey()), pod.getValue())).toList();
        }
        if (System.nanoTime() > deadline) {
          String late = pods.stream().map(pod -> pod.getMetadata().getName())
              .filter(name -> !answered.containsKey(name)).findFirst().orElse(service);
          throw new RolloutFailure(late, answered.size() + " of " + replicas + " pod(s) answered 200 at " + readinessPath
              + " within " + timeout.toSeconds() + " s (perflab.ready.timeout.seconds)");
        }
        Thread.sleep(LIST_INTERVAL);
      }
    } catch (RolloutFailure failure) {
      throw new CellLaunchException(PodFailures.of(client, namespace, failure.pod, subject, failure.getMessage()),
          labCause(failure.getMessage()).<Throwable>map(cause -> cause).orElse(failure));
    } catch (RuntimeException e) {
      throw new CellLaunchException(Outcome.Failed.of(subject, "the rollout of '" + service + "' failed: "
          + e.getMessage()), e);
    } finally {
      probes.values().forEach(FirstOkProbe::close);
    }
  }

  /**
   * The one pod labelled {@code service} once the kubelet finds it Ready (its own probe: for a server that speaks
   * no HTTP); fails as {@link #await} does.
   */
  static String awaitReady(KubernetesClient client, String namespace, String subject, String service,
      Duration timeout) throws CellLaunchException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    String last = service;
    while (System.nanoTime() < deadline) {
      for (Pod pod : client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, service).list().getItems()) {
        last = pod.getMetadata().getName();
        Optional<String> why = hopeless(pod);
        if (why.isPresent()) {
          throw new CellLaunchException(PodFailures.of(client, namespace, last, subject, why.get()),
              labCause(why.get()).orElse(null));
        }
        if (pod.getStatus() != null && pod.getStatus().getConditions() != null && pod.getStatus().getConditions()
            .stream().anyMatch(condition -> "Ready".equals(condition.getType()) && "True".equals(condition.getStatus()))) {
          return last;
        }
      }
      Thread.sleep(LIST_INTERVAL);
    }
    throw new CellLaunchException(PodFailures.of(client, namespace, last, subject, "not Ready within "
        + timeout.toSeconds() + " s"), null);
  }

  /** Why a pod will never answer, if it will not: ended, or waiting on something that does not come. */
  static Optional<String> hopeless(Pod pod) {
    if (pod.getStatus() == null) {
      return Optional.empty();
    }
    if ("Failed".equals(pod.getStatus().getPhase()) || "Succeeded".equals(pod.getStatus().getPhase())) {
      return Optional.of("the pod ended (" + pod.getStatus().getPhase() + ")");
    }
    Optional<ContainerStatus> app = appContainer(pod);
    if (app.isEmpty()) {
      return Optional.empty();
    }
    if (app.get().getRestartCount() != null && app.get().getRestartCount() > 0) {
      return Optional.of("the app's container ended and was restarted " + app.get().getRestartCount() + " time(s)");
    }
    var waiting = app.get().getState() == null ? null : app.get().getState().getWaiting();
    if (waiting != null && HOPELESS.contains(waiting.getReason())) {
      return Optional.of("the app's container cannot start: " + waiting.getReason() + " (" + waiting.getMessage() + ")");
    }
    return Optional.empty();
  }

  /** The lab's part in a hopeless pod, if the image is what it waits for. */
  private static Optional<LabServiceException> labCause(String why) {
    return IMAGE_PROBLEMS.stream().anyMatch(why::contains)
        ? Optional.of(new LabServiceException("the node could not get the image: " + why, null)) : Optional.empty();
  }

  private static Optional<ContainerStatus> appContainer(Pod pod) {
    if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
      return Optional.empty();
    }
    return pod.getStatus().getContainerStatuses().stream()
        .filter(status -> Manifests.APP_CONTAINER.equals(status.getName())).findFirst();
  }

  /** The pod's app container as the runtime names it, read now (a pod listed a moment ago may not have had it). */
  static String containerId(KubernetesClient client, String namespace, String pod) {
    Pod current = client.pods().inNamespace(namespace).withName(pod).get();
    return current == null ? null : appContainer(current).map(ContainerStatus::getContainerID).orElse(null);
  }

  /** A pod that will not answer, and why. */
  private static final class RolloutFailure extends RuntimeException {
    private final String pod;

    RolloutFailure(String pod, String why) {
      super(why);
      this.pod = pod;
    }
  }
}
