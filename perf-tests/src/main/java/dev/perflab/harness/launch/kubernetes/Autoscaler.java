package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.RunningSet;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscalerBuilder;
import io.fabric8.kubernetes.api.model.autoscaling.v2.MetricStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A HorizontalPodAutoscaler (autoscaling/v2) on each service of a running set, scaling its Deployment on CPU
 * utilisation (usage over the pod's request, which is its limit), and what the cluster did: each service's desired,
 * current and ready replicas and measured utilisation when sampled, and every pod's life (created, ready, gone) with
 * its limits, for its cost. Closing it deletes the autoscalers; the set's close removes the rest.
 */
public final class Autoscaler implements AutoCloseable {

  /**
   * The policy of every service's autoscaler: scale out when the pods' mean CPU passes {@code targetCpuPercent} of
   * their request, between {@code minReplicas} and {@code maxReplicas}, a decision held for the stabilisation windows
   * before it counts (scale-up, scale-down).
   */
  public record Policy(int targetCpuPercent, int minReplicas, int maxReplicas, int scaleUpStabilizationSeconds,
      int scaleDownStabilizationSeconds) {

    public Policy {
      if (targetCpuPercent < 1 || minReplicas < 1 || maxReplicas < minReplicas || scaleUpStabilizationSeconds < 0
          || scaleDownStabilizationSeconds < 0) {
        throw new IllegalArgumentException("an autoscaling policy needs targetCpuPercent >= 1, 1 <= minReplicas <="
            + " maxReplicas and stabilisation windows of 0 s or more, got " + this);
      }
    }
  }

  /** A service's replicas as the cluster had them: the autoscaler's wish, the Deployment's pods, those ready. */
  public record ServiceState(String service, int desiredReplicas, int currentReplicas, int readyReplicas,
      Integer cpuPercent) {}

  /**
   * A pod's life: created (the cluster's record, whole seconds), first seen Ready by the sampling, gone (last seen
   * plus one sample, or null while it lives), under its limits.
   */
  public record PodLife(String service, String pod, Instant created, Instant ready, Instant gone, long millicores,
      long memoryBytes) {}

  private final KubernetesClient client;
  private final String namespace;
  /** Service name to its Deployment's (and Service's, and autoscaler's) name. */
  private final Map<String, String> objects;
  private final Map<String, PodLife> pods = new LinkedHashMap<>();

  private Autoscaler(KubernetesClient client, String namespace, Map<String, String> objects) {
    this.client = client;
    this.namespace = namespace;
    this.objects = new LinkedHashMap<>(objects);
  }

  /** Attaches an autoscaler to every service of {@code set}, which {@code launcher} started. */
  public static Autoscaler attach(KubernetesSetLauncher launcher, RunningSet set, Policy policy) {
    Map<String, String> objects = launcher.objectNames(set);
    Autoscaler autoscaler = new Autoscaler(launcher.client(), launcher.namespace(), objects);
    objects.values().forEach(name -> autoscaler.client.autoscaling().v2().horizontalPodAutoscalers()
        .inNamespace(autoscaler.namespace).resource(horizontalPodAutoscaler(name, policy)).create());
    return autoscaler;
  }

  /** The autoscaler of the Deployment {@code name}: CPU at {@code targetCpuPercent}, the policy's windows. */
  static HorizontalPodAutoscaler horizontalPodAutoscaler(String name, Policy policy) {
    return new HorizontalPodAutoscalerBuilder()
        .withNewMetadata().withName(name).withLabels(Map.of(Manifests.SERVICE_KEY, name)).endMetadata()
        .withNewSpec()
          .withNewScaleTargetRef().withApiVersion("apps/v1").withKind("Deployment").withName(name).endScaleTargetRef()
          .withMinReplicas(policy.minReplicas()).withMaxReplicas(policy.maxReplicas())
          .addNewMetric().withType("Resource").withNewResource().withName("cpu").withNewTarget()
            .withType("Utilization").withAverageUtilization(policy.targetCpuPercent()).endTarget().endResource()
          .endMetric()
          .withNewBehavior()
            .withNewScaleUp().withStabilizationWindowSeconds(policy.scaleUpStabilizationSeconds()).endScaleUp()
            .withNewScaleDown().withStabilizationWindowSeconds(policy.scaleDownStabilizationSeconds()).endScaleDown()
          .endBehavior()
        .endSpec()
        .build();
  }

  /** Where the service's Service answers (its cluster address): load sent there spreads over its replicas. */
  public InetSocketAddress serviceAddress(String service) {
    Service found = client.services().inNamespace(namespace).withName(object(service)).get();
    return new InetSocketAddress(found.getSpec().getClusterIP(), found.getSpec().getPorts().getFirst().getPort());
  }

  /** Every service's replicas now, and every pod's life brought up to date ({@link #pods}). */
  public List<ServiceState> sample(Instant now) {
    List<ServiceState> states = new ArrayList<>();
    for (Map.Entry<String, String> service : objects.entrySet()) {
      HorizontalPodAutoscaler hpa = client.autoscaling().v2().horizontalPodAutoscalers().inNamespace(namespace)
          .withName(service.getValue()).get();
      Deployment deployment = client.apps().deployments().inNamespace(namespace).withName(service.getValue()).get();
      int desired = hpa == null || hpa.getStatus() == null || hpa.getStatus().getDesiredReplicas() == null ? 0
          : hpa.getStatus().getDesiredReplicas();
      int current = deployment == null || deployment.getStatus() == null || deployment.getStatus().getReplicas() == null
          ? 0 : deployment.getStatus().getReplicas();
      int ready = deployment == null || deployment.getStatus() == null
          || deployment.getStatus().getReadyReplicas() == null ? 0 : deployment.getStatus().getReadyReplicas();
      states.add(new ServiceState(service.getKey(), desired, current, ready, cpuPercent(hpa).orElse(null)));
      track(service.getKey(), service.getValue(), now);
    }
    return states;
  }

  /** Every pod any service had while sampled, in the order first seen. */
  public List<PodLife> pods() {
    return List.copyOf(pods.values());
  }

  @Override
  public void close() {
    objects.values().forEach(name -> client.autoscaling().v2().horizontalPodAutoscalers().inNamespace(namespace)
        .withName(name).delete());
  }

  private void track(String service, String object, Instant now) {
    List<Pod> live = client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, object).list().getItems();
    List<String> seen = new ArrayList<>();
    for (Pod pod : live) {
      String name = pod.getMetadata().getName();
      seen.add(name);
      PodLife known = pods.get(name);
      Instant ready = known != null && known.ready() != null ? known.ready() : ready(pod) ? now : null;
      var limits = pod.getSpec().getContainers().getFirst().getResources().getLimits();
      pods.put(name, new PodLife(service, name, Instant.parse(pod.getMetadata().getCreationTimestamp()), ready, null,
          millicores(limits.get("cpu")), Quantity.getAmountInBytes(limits.get("memory")).longValue()));
    }
    pods.replaceAll((name, life) -> life.service().equals(service) && life.gone() == null && !seen.contains(name)
        ? new PodLife(life.service(), name, life.created(), life.ready(), now, life.millicores(), life.memoryBytes())
        : life);
  }

  private String object(String service) {
    String object = objects.get(service);
    if (object == null) {
      throw new IllegalArgumentException("the set has no service '" + service + "'; it has " + objects.keySet());
    }
    return object;
  }

  private static boolean ready(Pod pod) {
    return pod.getStatus() != null && pod.getStatus().getConditions() != null && pod.getStatus().getConditions()
        .stream().anyMatch(condition -> "Ready".equals(condition.getType()) && "True".equals(condition.getStatus()));
  }

  private static long millicores(Quantity cpu) {
    return Quantity.getAmountInBytes(cpu).multiply(java.math.BigDecimal.valueOf(1000)).longValue();
  }

  private static Optional<Integer> cpuPercent(HorizontalPodAutoscaler hpa) {
    if (hpa == null || hpa.getStatus() == null || hpa.getStatus().getCurrentMetrics() == null) {
      return Optional.empty();
    }
    return hpa.getStatus().getCurrentMetrics().stream().map(MetricStatus::getResource)
        .filter(resource -> resource != null && "cpu".equals(resource.getName()) && resource.getCurrent() != null)
        .map(resource -> resource.getCurrent().getAverageUtilization()).filter(value -> value != null).findFirst();
  }
}
