package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.SetLauncher;
import dev.perflab.harness.launch.SetService;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.result.Outcome;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches a {@link ContainerSet} on a cluster: per service a Service (its name, as the others call it) and a
 * Deployment of its replicas under requests = limits, created together as an orchestrator starts them; each pod
 * resolves the set's service names to their Services' cluster addresses. Returns once every replica answers 200 at
 * its pod's address. The set's balancer is the Service: a set asking for HAProxy is refused here.
 */
public final class KubernetesSetLauncher implements SetLauncher {

  private static final Logger LOG = LoggerFactory.getLogger(KubernetesSetLauncher.class);
  /** How long a removed set's pods may take to go before the next launch goes ahead anyway. */
  private static final Duration GONE_TIMEOUT = Duration.ofSeconds(60);

  private final ClusterLab lab;
  /** Each running set's services by the names of their Deployments and Services, while it runs. */
  private final Map<RunningSet, Map<String, String>> objectsOfSets = Collections.synchronizedMap(
      new IdentityHashMap<>());

  KubernetesSetLauncher(ClusterLab lab) {
    this.lab = lab;
  }

  /** The set's services by the names of their Deployments (and Services): what an {@link Autoscaler} scales. */
  Map<String, String> objectNames(RunningSet set) {
    Map<String, String> names = objectsOfSets.get(set);
    if (names == null) {
      throw new IllegalArgumentException("the set '" + set.set().id() + "' was not started by this launcher, or has"
          + " closed");
    }
    return names;
  }

  KubernetesClient client() {
    return lab.client();
  }

  Map<String, String> nodeSelector() {
    return lab.nodeSelector();
  }

  String namespace() {
    return lab.namespace();
  }

  @Override
  public RunningSet start(ContainerSet set) throws CellLaunchException, InterruptedException {
    RunStop.check();
    if (set.balancer() != null) {
      throw new IllegalArgumentException("the set '" + set.id() + "' asks for a balancer (" + set.balancer().mode()
          + "); on Kubernetes each service's Service balances between its replicas, and the HAProxy balancer runs on"
          + " the local engine only: run it with perflab.engine=local");
    }
    KubernetesClient client = lab.client();
    String namespace = lab.namespace();
    List<SetService> services = set.services();
    Map<String, String> objectNames = new LinkedHashMap<>();
    List<AppDatabase> databases = new ArrayList<>();
    Removal removal = new Removal(client, namespace);
    try {
      for (SetService service : services) {
        lab.warnAboutPeriod(set.id(), service.name(), service.cfsPeriod());
        objectNames.put(service.name(), lab.nextName(service.name()));
        databases.add(lab.databaseFor(service.cell()));
      }
      // The Services first: their cluster addresses go into every pod's hosts file.
      Map<String, String> aliases = new LinkedHashMap<>(lab.labAliases());
      for (SetService service : services) {
        Service created = client.services().inNamespace(namespace).resource(Manifests.service(
            objectNames.get(service.name()), service.cell().app().port(), lab.labels(set.id(), service.cell().id())))
            .create();
        removal.services.add(created.getMetadata().getName());
        aliases.put(service.name(), created.getSpec().getClusterIP());
      }
      // Pushes to the registry named, if any, happen before the set's start is timed.
      List<String> images = services.stream().map(service -> lab.image(service.cell().image())).toList();
      long createCall = System.nanoTime();
      for (int i = 0; i < services.size(); i++) {
        SetService service = services.get(i);
        Deployment deployment = Manifests.deployment(Manifests.Workload.of(objectNames.get(service.name()),
            service.cell(), images.get(i), lab.environment(service.cell(), databases.get(i), service.environment()),
            service.replicas(), lab.labels(set.id(), service.cell().id()), lab.nodeSelector(), aliases));
        client.apps().deployments().inNamespace(namespace).resource(deployment).create();
        removal.deployments.add(deployment.getMetadata().getName());
      }
      List<RunningSet.Service> running = new ArrayList<>();
      for (int i = 0; i < services.size(); i++) {
        SetService service = services.get(i);
        String objectName = objectNames.get(service.name());
        List<Rollout.AnsweredPod<Long>> pods = Rollout.await(client, namespace, set.id() + ": service '"
            + service.name() + "'", objectName, service.replicas(), service.cell().app().port(),
            service.cell().app().readinessPath(), lab.readyTimeout(), KubernetesSetLauncher::cpuNanos);
        List<RunningCell> replicas = new ArrayList<>();
        for (Rollout.AnsweredPod<Long> pod : pods) {
          PodReplica replica = new PodReplica(client, namespace, pod.name(), pod.ip(), pod.containerId());
          replicas.add(new RunningCell(service.cell(), replica,
              URI.create("http://" + pod.ip() + ":" + service.cell().app().port()), null,
              new RunningCell.Startup((pod.firstOk().nanoTime() - createCall) / 1e6,
                  pod.firstOk().sampledAtFirstOk() == null ? Double.NaN : pod.firstOk().sampledAtFirstOk() / 1e9)));
        }
        running.add(new RunningSet.Service(service, replicas, databases.get(i)));
      }
      RunningSet[] started = new RunningSet[1];
      started[0] = new RunningSet(set, running, null, () -> {
        objectsOfSets.remove(started[0]);
        removal.close();
      });
      objectsOfSets.put(started[0], Collections.unmodifiableMap(objectNames));
      return started[0];
    } catch (CellLaunchException | InterruptedException | RuntimeException e) {
      removeQuietly(removal, databases);
      if (e instanceof KubernetesClientException refused) {
        throw new CellLaunchException(Outcome.Failed.of(set.id(), "the cluster refused the set: "
            + CellLauncher.rootMessage(refused)), refused);
      }
      throw e;
    }
  }

  /** The pod's CPU so far, where the harness is on its node; null where it is not (a remote cluster). */
  static Long cpuNanos(String containerId) {
    OptionalLong pid = NodeDocker.hostPidHere(containerId);
    return pid.isPresent() ? HostCgroups.ofProcess(pid.getAsLong()).cpuUsageNanos() : null;
  }

  /**
   * Removes what the failed launch made; an interrupted launch too: the interrupt is set aside while the cluster is
   * told (a client call on an interrupted thread fails at once) and set again after.
   */
  private static void removeQuietly(Removal removal, List<AppDatabase> databases) {
    boolean interrupted = Thread.interrupted();
    try {
      removal.close();
    } catch (RuntimeException ignored) {
      // The namespace goes with the lab; the launch's own failure is what to report.
    }
    databases.forEach(database -> {
      try {
        CellLauncher.close(database);
      } catch (RuntimeException ignored) {
        // Likewise.
      }
    });
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** A set's Deployments and Services, removed, and their pods waited for, so they take no CPU from what runs next. */
  static final class Removal implements AutoCloseable {
    private final KubernetesClient client;
    private final String namespace;
    final List<String> deployments = new ArrayList<>();
    final List<String> services = new ArrayList<>();

    Removal(KubernetesClient client, String namespace) {
      this.client = client;
      this.namespace = namespace;
    }

    @Override
    public void close() {
      // Each pod whose app container ran on a Docker engine (cri-dockerd): only those are looked for on this node.
      Set<String> pods = new LinkedHashSet<>();
      for (String deployment : deployments) {
        client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, deployment).list().getItems()
            .stream().filter(Removal::ranOnDocker).forEach(pod -> pods.add(pod.getMetadata().getName()));
        client.apps().deployments().inNamespace(namespace).withName(deployment).delete();
        client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, deployment).withGracePeriod(0).delete();
      }
      for (String service : services) {
        client.services().inNamespace(namespace).withName(service).delete();
      }
      long deadline = System.nanoTime() + GONE_TIMEOUT.toNanos();
      for (String deployment : deployments) {
        List<Pod> left;
        while (!(left = client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, deployment).list()
            .getItems()).isEmpty() && System.nanoTime() < deadline) {
          // A pod its ReplicaSet made before the cascade reached it is waited for too.
          left.stream().filter(Removal::ranOnDocker).forEach(pod -> pods.add(pod.getMetadata().getName()));
          try {
            Thread.sleep(100);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
      // The API forgets a pod deleted without grace before its node has stopped it: on this node, its app is waited
      // for too, so the next set starts beside nothing of this one (neither its CPU nor an answer from it).
      for (String pod : pods) {
        try {
          NodeDocker.removeAppContainers(namespace, pod, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        } catch (IllegalStateException e) {
          LOG.warn("{}; what starts next starts beside it", e.getMessage());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }

    private static boolean ranOnDocker(Pod pod) {
      return pod.getStatus() != null && pod.getStatus().getContainerStatuses() != null && pod.getStatus()
          .getContainerStatuses().stream().anyMatch(status -> status.getContainerID() != null
              && status.getContainerID().startsWith("docker://"));
    }
  }
}
