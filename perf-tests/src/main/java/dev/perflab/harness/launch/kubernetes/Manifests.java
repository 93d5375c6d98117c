package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.LabLabels;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HostAlias;
import io.fabric8.kubernetes.api.model.HostAliasBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.ProbeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects the Kubernetes engine creates, built in one place so that a test can hold them against golden
 * files: a run's namespace, and per service a Deployment (requests = limits, the catalog's readiness path as the
 * readiness probe) and a Service. Every object carries the lab's labels, so a sweep finds what a killed run left.
 */
public final class Manifests {

  /** The label a Service selects its pods by, and a replica's pods are listed by. */
  public static final String SERVICE_KEY = "dev.perflab.service";
  /** The name of the app's container in every pod. */
  public static final String APP_CONTAINER = "app";
  /**
   * How often the kubelet probes readiness: as often as it allows, so the platform's "ready" lags the app's first
   * 200 by at most a second.
   */
  private static final int PROBE_PERIOD_SECONDS = 1;
  /** Long enough for a throttled JVM's start; the harness's own ready timeout ends a launch first. */
  private static final int PROBE_FAILURES = 600;
  /** A replica removed gets this long before SIGKILL: apps need no graceful drain between a lab's launches. */
  private static final long GRACE_SECONDS = 2;

  private Manifests() {}

  /** A run's namespace, labelled with the lab's owner and the run. */
  public static Namespace namespace(String name) {
    return new NamespaceBuilder().withNewMetadata().withName(name).withLabels(LabLabels.forRun()).endMetadata().build();
  }

  /**
   * What a Deployment runs for a service: its image, its environment (sorted, so manifests compare), its limits as
   * both requests and limits (a Guaranteed pod: the CPU quota a container set has), its port and readiness probe.
   * {@code millicores} 0: no requests or limits (the lab's own stub and database, as on the local engine).
   * {@code hostAliases} name the set's other services at their Services' cluster addresses: a cluster without DNS
   * for pods (the one cluster.sh starts) still resolves them, and one with DNS gets the same answer.
   */
  public record Workload(String name, String image, Map<String, String> environment, long millicores,
      long memoryBytes, int port, String readinessPath, int replicas, Map<String, String> labels,
      Map<String, String> nodeSelector, Map<String, String> hostAliases) {

    public Workload {
      environment = new TreeMap<>(environment);
      labels = new TreeMap<>(labels);
      nodeSelector = new TreeMap<>(nodeSelector);
      hostAliases = new TreeMap<>(hostAliases);
    }

    /** A cell's app under its profile's limits, its image as the cluster names it, the environment the lab gives it. */
    public static Workload of(String name, Cell cell, String image, Map<String, String> environment, int replicas,
        Map<String, String> labels, Map<String, String> nodeSelector, Map<String, String> hostAliases) {
      return new Workload(name, image, environment, cell.profile().cpus().millicores(),
          cell.profile().memoryBytes(), cell.app().port(), cell.app().readinessPath(), replicas, labels, nodeSelector,
          hostAliases);
    }
  }

  public static Deployment deployment(Workload workload) {
    Map<String, String> labels = labels(workload);
    return new DeploymentBuilder()
        .withNewMetadata().withName(workload.name()).withLabels(labels).endMetadata()
        .withNewSpec()
          .withReplicas(workload.replicas())
          .withNewSelector().withMatchLabels(Map.of(SERVICE_KEY, workload.name())).endSelector()
          .withNewTemplate()
            .withNewMetadata().withLabels(labels).endMetadata()
            .withSpec(podSpec(workload).build())
          .endTemplate()
        .endSpec()
        .build();
  }

  /**
   * A bare pod of the workload (its one replica; no controller replaces it when it is deleted): how a cell is
   * launched, once per measured launch.
   */
  public static Pod pod(Workload workload) {
    return new PodBuilder()
        .withNewMetadata().withName(workload.name()).withLabels(labels(workload)).endMetadata()
        .withSpec(podSpec(workload).withRestartPolicy("Never").build())
        .build();
  }

  /** The workload's labels and the one its Service and Deployment select it by. */
  private static Map<String, String> labels(Workload workload) {
    Map<String, String> labels = new LinkedHashMap<>(workload.labels());
    labels.put(SERVICE_KEY, workload.name());
    return labels;
  }

  /** What every pod of the workload runs, a Deployment's or a bare one. */
  private static PodSpecBuilder podSpec(Workload workload) {
    return new PodSpecBuilder()
        .withContainers(container(workload))
        .withNodeSelector(workload.nodeSelector().isEmpty() ? null : workload.nodeSelector())
        .withHostAliases(hostAliases(workload.hostAliases()))
        .withTerminationGracePeriodSeconds(GRACE_SECONDS)
        .withEnableServiceLinks(false)
        .withAutomountServiceAccountToken(false);
  }

  /**
   * A label value for any text (a set's id may hold '/' and ':'): its allowed characters, at most 63, with a short
   * hash when it had to change so that two ids stay apart.
   */
  public static String labelValue(String text) {
    String cleaned = text.replaceAll("[^A-Za-z0-9._-]", "_");
    if (cleaned.equals(text) && text.length() <= 63) {
      return text;
    }
    String hash = Integer.toHexString(text.hashCode());
    String head = cleaned.substring(0, Math.min(cleaned.length(), 63 - hash.length() - 1));
    return (head + "_" + hash).replaceAll("^[^A-Za-z0-9]+", "");
  }

  /** A Service by the workload's name on its port, selecting its pods. */
  public static Service service(String name, int port, Map<String, String> labels) {
    Map<String, String> all = new LinkedHashMap<>(labels);
    all.put(SERVICE_KEY, name);
    return new ServiceBuilder()
        .withNewMetadata().withName(name).withLabels(all).endMetadata()
        .withNewSpec()
          .withSelector(Map.of(SERVICE_KEY, name))
          .addNewPort().withName("http").withPort(port).withNewTargetPort(port).endPort()
        .endSpec()
        .build();
  }

  private static Container container(Workload workload) {
    List<EnvVar> environment = workload.environment().entrySet().stream()
        .map(variable -> new EnvVar(variable.getKey(), variable.getValue(), null)).toList();
    return new ContainerBuilder()
        .withName(APP_CONTAINER)
        .withImage(workload.image())
        // The local engine's image when the node has it (a local cluster), else pulled from the registry named.
        .withImagePullPolicy("IfNotPresent")
        .withEnv(environment)
        .addNewPort().withContainerPort(workload.port()).withName("http").endPort()
        .withResources(workload.millicores() == 0 ? null : limits(workload.millicores(), workload.memoryBytes()))
        .withReadinessProbe(readiness(workload.readinessPath(), workload.port()))
        .build();
  }

  /** Requests equal to limits: the scheduler reserves what the cgroup enforces. */
  static ResourceRequirements limits(long millicores, long memoryBytes) {
    String memory = memoryBytes % (1 << 20) == 0 ? (memoryBytes >> 20) + "Mi" : Long.toString(memoryBytes);
    Map<String, Quantity> amounts = Map.of("cpu", new Quantity(millicores + "m"), "memory", new Quantity(memory));
    return new ResourceRequirementsBuilder().withRequests(new TreeMap<>(amounts)).withLimits(new TreeMap<>(amounts))
        .build();
  }

  /** An HTTP GET of the path; a TCP connect for a server that speaks no HTTP (null path: the database). */
  private static Probe readiness(String path, int port) {
    ProbeBuilder probe = new ProbeBuilder();
    if (path == null) {
      probe.withNewTcpSocket().withNewPort(port).endTcpSocket();
    } else {
      probe.withNewHttpGet().withPath(path).withNewPort(port).endHttpGet();
    }
    return probe
        .withPeriodSeconds(PROBE_PERIOD_SECONDS).withTimeoutSeconds(1).withFailureThreshold(PROBE_FAILURES)
        .build();
  }

  private static List<HostAlias> hostAliases(Map<String, String> byName) {
    Map<String, List<String>> byIp = new TreeMap<>();
    // A Service without a cluster address (headless) is left to the cluster's DNS.
    byName.forEach((name, ip) -> {
      if (ip != null && !ip.isBlank() && !"None".equals(ip)) {
        byIp.computeIfAbsent(ip, key -> new ArrayList<>()).add(name);
      }
    });
    return byIp.entrySet().stream()
        .map(entry -> new HostAliasBuilder().withIp(entry.getKey()).withHostnames(entry.getValue()).build()).toList();
  }
}
