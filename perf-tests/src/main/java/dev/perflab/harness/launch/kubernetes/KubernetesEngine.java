package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Database;
import dev.perflab.harness.catalog.Downstream;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.DownstreamStub;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabDatabase;
import dev.perflab.harness.launch.LabEngine;
import dev.perflab.harness.launch.LabFaults;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.LeftoverSweeper;
import dev.perflab.harness.launch.RunStop;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.LocalPortForward;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The Kubernetes engine ({@code -Dperflab.engine=kubernetes}): a lab in a namespace of its own on the cluster the
 * kubeconfig names, the lab's stub and database as Services there, cells as pods and sets as Deployments. The
 * namespace is labelled, deleted when the lab closes (or at JVM exit), and swept when the next lab opens after a
 * killed run.
 */
public final class KubernetesEngine implements LabEngine {

  /** How many labs this run has opened: each has its own namespace. */
  private static final AtomicInteger LABS = new AtomicInteger();

  /** False: every figure from the cluster's API, as where the harness is not on the pods' node. */
  private final boolean readsNode;

  /** The engine as {@code perflab.engine=kubernetes} finds it: the node read where the harness is on it. */
  public KubernetesEngine() {
    this(true);
  }

  /** @param readsNode false to read every figure from the cluster's API even on the node (the cluster tier's check) */
  KubernetesEngine(boolean readsNode) {
    this.readsNode = readsNode;
  }

  /** How long the lab's own stub and database may take to start. */
  private static final Duration LAB_SERVICE_TIMEOUT = Duration.ofSeconds(120);

  @Override
  public EngineSettings.Engine engine() {
    return EngineSettings.Engine.KUBERNETES;
  }

  @Override
  public Lab open(Catalog catalog, HarnessConfig config, EngineSettings settings) {
    KubernetesClient client = connect(settings);
    String version = version(client, settings);
    return open(client, catalog, config, settings, "Kubernetes " + version + " at " + client.getMasterUrl(),
        NodeDocker::removeExitedContainers);
  }

  @Override
  public LeftoverSweeper.Swept sweepLeftovers(EngineSettings settings) {
    try (KubernetesClient client = connect(settings)) {
      version(client, settings);
      return NamespaceSweeper.sweep(client, settings.namespacePrefix(), NodeDocker::removeExitedContainers);
    }
  }

  /** The cluster's version, or a refusal that says how to get a cluster that answers. */
  private static String version(KubernetesClient client, EngineSettings settings) {
    try {
      return client.getKubernetesVersion().getGitVersion();
    } catch (KubernetesClientException e) {
      client.close();
      throw new IllegalStateException("the cluster of " + settings.kubeconfig() + (settings.context() == null ? ""
          : " (context " + settings.context() + ")") + " did not answer: " + CellLauncher.rootMessage(e) + ". Start"
          + " the local one with docker/kubernetes/cluster.sh start, or set perflab.kubernetes.kubeconfig", e);
    }
  }

  /** A lab on the cluster {@code client} reaches (the tests' mock server, or a real one). */
  Lab open(KubernetesClient client, Catalog catalog, HarnessConfig config, EngineSettings settings,
      String description, Consumer<String> nodeCleanup) {
    LabFaults.recognise(KubernetesEngine::refusal);
    NamespaceSweeper.sweep(client, settings.namespacePrefix(), nodeCleanup);
    // A namespace of its own for every lab, even of one run: a name used again while the last lab's namespace of
    // that name still terminates, or its Services and pods are still being forgotten by the node, could be reached.
    String namespace = settings.namespacePrefix() + "-" + LabLabels.RUN_ID + "-" + LABS.incrementAndGet();
    RunStop.check();
    RunStop.Cleanup exitSweep = RunStop.onExit("namespace " + namespace,
        () -> NamespaceSweeper.delete(client, namespace, nodeCleanup));
    List<AutoCloseable> forwards = new ArrayList<>();
    try {
      client.namespaces().resource(Manifests.namespace(namespace)).create();
      Map<String, String> aliases = new LinkedHashMap<>();
      ClusterLab bare = new ClusterLab(client, namespace, catalog, config, settings, aliases, null);
      DownstreamStub stub = null;
      if (catalog.uses(LabService.DOWNSTREAM)) {
        Downstream spec = catalog.downstream();
        LocalPortForward forward = labService(bare, aliases, spec.alias(), spec.image(), spec.port(), "/health", null);
        forwards.add(forward);
        stub = stub(client, namespace, spec.alias(), forward);
      }
      LabDatabase database = null;
      if (catalog.uses(LabService.DATABASE)) {
        Database spec = catalog.database();
        LocalPortForward forward = labService(bare, aliases, spec.alias(), spec.image(), spec.port(), null,
            Pattern.compile(LabDatabase.readyLogPattern()));
        forwards.add(forward);
        database = new LabDatabase(spec, "localhost:" + forward.getLocalPort(), () -> { });
      }
      ClusterLab lab = new ClusterLab(client, namespace, catalog, config, settings, aliases, database);
      AutoCloseable resources = () -> {
        for (AutoCloseable forward : forwards) {
          forward.close();
        }
        NamespaceSweeper.delete(client, namespace, nodeCleanup);
        RunStop.remove(exitSweep);
        client.close();
      };
      return new Lab(new KubernetesCellLauncher(lab, readsNode), new KubernetesSetLauncher(lab), Images.local(), stub, resources,
          description + " (namespace " + namespace + ")");
    } catch (RuntimeException e) {
      forwards.forEach(forward -> {
        try {
          forward.close();
        } catch (Exception ignored) {
          // The namespace's deletion ends it anyway.
        }
      });
      NamespaceSweeper.delete(client, namespace, nodeCleanup);
      RunStop.remove(exitSweep);
      client.close();
      throw e;
    }
  }

  /** The cluster refusing a request: the lab's fault, not the app's. */
  private static boolean refusal(Throwable failure) {
    return failure instanceof KubernetesClientException;
  }

  private static KubernetesClient connect(EngineSettings settings) {
    if (!Files.isRegularFile(settings.kubeconfig())) {
      throw new IllegalStateException("perflab.engine=kubernetes, but there is no kubeconfig at " + settings.kubeconfig()
          + ": start the local cluster (docker/kubernetes/cluster.sh start) or point perflab.kubernetes.kubeconfig at"
          + " one's own");
    }
    if (settings.context() != null) {
      // fabric8 falls back to the current context when the one named is missing: a run would go to another cluster.
      List<String> contexts = KubeConfigUtils.parseConfig(settings.kubeconfig().toFile()).getContexts().stream()
          .map(NamedContext::getName).toList();
      if (!contexts.contains(settings.context())) {
        throw new IllegalStateException("perflab.kubernetes.context: the kubeconfig " + settings.kubeconfig()
            + " has no context '" + settings.context() + "'; its contexts: " + contexts);
      }
    }
    try {
      Config config = Config.fromKubeconfig(settings.context(), settings.kubeconfig().toFile());
      return new KubernetesClientBuilder().withConfig(config).build();
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new IllegalStateException("the kubeconfig " + settings.kubeconfig() + (settings.context() == null ? ""
          : " has no usable context '" + settings.context() + "'") + ": " + CellLauncher.rootMessage(e), e);
    }
  }

  /**
   * One of the lab's own services (the stub, the database): a Deployment of one pod without limits and a Service by
   * its alias, which every app's pod resolves; returns a port forward the harness reaches it through once it answers
   * (HTTP at {@code readinessPath}, or its log matching {@code readyLog}).
   */
  private static LocalPortForward labService(ClusterLab lab, Map<String, String> aliases, String alias, String image,
      int port, String readinessPath, Pattern readyLog) {
    KubernetesClient client = lab.client();
    Map<String, String> labels = Map.of();
    Service service = client.services().inNamespace(lab.namespace())
        .resource(Manifests.service(alias, port, labels)).create();
    aliases.put(alias, service.getSpec().getClusterIP());
    client.apps().deployments().inNamespace(lab.namespace()).resource(Manifests.deployment(new Manifests.Workload(
        alias, lab.image(image), Map.of(), 0, 0, port, readinessPath, 1, labels, lab.nodeSelector(), Map.of()))).create();
    try {
      String pod = readinessPath == null
          ? Rollout.awaitReady(client, lab.namespace(), "the lab's " + alias, alias, LAB_SERVICE_TIMEOUT)
          : Rollout.await(client, lab.namespace(), "the lab's " + alias, alias, 1, port, readinessPath,
              LAB_SERVICE_TIMEOUT, id -> null).getFirst().name();
      if (readyLog != null) {
        awaitLog(client, lab.namespace(), pod, readyLog);
      }
      return client.pods().inNamespace(lab.namespace()).withName(pod).portForward(port);
    } catch (CellLaunchException e) {
      throw new IllegalStateException(e.failure().describe(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the lab's " + alias + " started", e);
    }
  }

  private static void awaitLog(KubernetesClient client, String namespace, String pod, Pattern line)
      throws InterruptedException {
    long deadline = System.nanoTime() + LAB_SERVICE_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      String log = client.pods().inNamespace(namespace).withName(pod).getLog();
      if (log != null && log.lines().anyMatch(candidate -> line.matcher(candidate).matches())) {
        return;
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("the lab's database pod " + pod + " never logged '" + line + "'");
  }

  private static DownstreamStub stub(KubernetesClient client, String namespace, String alias, LocalPortForward forward) {
    return new DownstreamStub() {
      @Override
      public URI controlUri() {
        return URI.create("http://localhost:" + forward.getLocalPort());
      }

      @Override
      public long hostPid() {
        String pod = client.pods().inNamespace(namespace).withLabel(Manifests.SERVICE_KEY, alias).list().getItems()
            .getFirst().getMetadata().getName();
        return NodeDocker.hostPid(Rollout.containerId(client, namespace, pod));
      }

      @Override
      public void stop() {
        client.apps().deployments().inNamespace(namespace).withName(alias).delete();
        client.services().inNamespace(namespace).withName(alias).delete();
        try {
          forward.close();
        } catch (IOException e) {
          throw new IllegalStateException("the port forward to the stub did not close: " + e.getMessage(), e);
        }
      }
    };
  }
}
