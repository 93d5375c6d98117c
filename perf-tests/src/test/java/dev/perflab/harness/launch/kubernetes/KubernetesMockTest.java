package dev.perflab.harness.launch.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.BalancerSpec;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.LeftoverSweeper;
import dev.perflab.harness.launch.RunOwner;
import dev.perflab.harness.launch.SetService;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's orchestration against fabric8's mock API server (CRUD, no controllers): what a killed run left is
 * swept and nothing else; a pod that cannot start fails the launch at once, reported with the kubelet's events, and
 * the set's Deployments and Services are removed after it; a set asking for HAProxy is refused.
 */
@EnableKubernetesMockClient(crud = true, https = false)
class KubernetesMockTest {

  private static final String NAMESPACE = "perflab-0000beef";
  KubernetesClient client;
  /** Without the lab's stub and database: the mock runs no pods. */
  private final Catalog catalog = CatalogLoader.bundled().without(LabService.DATABASE).without(LabService.DOWNSTREAM);

  @Test
  void theSweepDeletesTheNamespacesOfRunsThatNoLongerRunAndNamesThoseOfLiveOnes() {
    RunOwner dead = new RunOwner(RunOwner.CURRENT.boot(), Long.MAX_VALUE, 0);
    namespace("perflab-dead1234", "dead1234", dead.label());
    namespace("perflab-beforeowners", "old00000", null);
    namespace("perflab-live5678", "live5678", RunOwner.CURRENT.label());
    namespace("perflab-mine0000", LabLabels.RUN_ID, RunOwner.CURRENT.label());
    namespace("perflab-unlabelled", false);
    namespace("teamspace-dead5678", "dead5678", dead.label());
    namespace("perflab", "dead0000", dead.label());

    List<String> cleared = new java.util.ArrayList<>();
    LeftoverSweeper.Swept swept = NamespaceSweeper.sweep(client, "perflab", cleared::add);

    assertThat(swept.removed()).containsExactlyInAnyOrder("namespace perflab-dead1234 (pid " + Long.MAX_VALUE + ")",
        "namespace perflab-beforeowners");
    assertThat(swept.ofLiveRuns()).as("a live run's namespace: named, not deleted")
        .containsExactly("namespace perflab-live5678 (pid " + RunOwner.CURRENT.pid() + ")");
    assertThat(cleared).as("namespaces whose node leftovers were cleared")
        .containsExactlyInAnyOrder("perflab-dead1234", "perflab-beforeowners");
    assertThat(client.namespaces().list().getItems()).extracting(namespace -> namespace.getMetadata().getName())
        .containsExactlyInAnyOrder("perflab-live5678", "perflab-mine0000", "perflab-unlabelled", "teamspace-dead5678",
            "perflab");
  }

  @Test
  void aPodThatCannotStartFailsTheSetWithItsEventsAndTheSetIsRemoved() {
    ClusterLab lab = lab();
    // The pod the Deployment "store-1" would have made, as the kubelet left it: no image on the node.
    Pod stuck = client.pods().inNamespace(NAMESPACE).resource(new PodBuilder()
        .withNewMetadata().withName("store-1-5d8f-abcde").withLabels(Map.of(Manifests.SERVICE_KEY, "store-1"))
          .withCreationTimestamp(Instant.now().toString()).endMetadata()
        .withNewStatus().withPhase("Pending").withPodIP("10.244.0.9")
          .addNewContainerStatus().withName(Manifests.APP_CONTAINER).withRestartCount(0).withNewState().withNewWaiting()
            .withReason("ErrImageNeverPull").withMessage("Container image \"perflab/quarkus:9-jvm\" is not present")
          .endWaiting().endState().endContainerStatus()
        .endStatus().build()).create();
    client.v1().events().inNamespace(NAMESPACE).resource(new EventBuilder().withNewMetadata()
        .withName("store-1.1").endMetadata().withType("Warning").withReason("ErrImageNeverPull")
        .withMessage("Container image \"perflab/quarkus:9-jvm\" is not present with pull policy of Never")
        .withNewInvolvedObject().withKind("Pod").withName(stuck.getMetadata().getName()).endInvolvedObject()
        .withLastTimestamp(Instant.now().toString()).build()).create();
    ContainerSet set = new ContainerSet("store-only", List.of(new SetService("store", cell(), Duration.ofMillis(100), 2,
        Map.of())));

    assertThatThrownBy(() -> new KubernetesSetLauncher(lab).start(set)).isInstanceOf(CellLaunchException.class)
        .satisfies(e -> assertThat(((CellLaunchException) e).failure().describe())
            .contains("store-only: service 'store'").contains("ErrImageNeverPull")
            .contains("event: Warning ErrImageNeverPull: Container image \"perflab/quarkus:9-jvm\" is not present"));
    assertThat(client.apps().deployments().inNamespace(NAMESPACE).list().getItems()).isEmpty();
    assertThat(client.services().inNamespace(NAMESPACE).list().getItems()).isEmpty();
  }

  @Test
  void eachServiceIsADeploymentWithRequestsEqualToLimitsBehindAServiceOfItsOwn() throws Exception {
    ClusterLab lab = lab();
    ContainerSet set = new ContainerSet("front-and-store", List.of(
        new SetService("front", cell(), Duration.ofMillis(100), 1, Map.of("DOWNSTREAM_URL", "http://store:8080")),
        new SetService("store", cell(), Duration.ofMillis(100), 1, Map.of())));
    Thread launch = Thread.ofVirtual().start(() -> {
      try {
        new KubernetesSetLauncher(lab).start(set);
      } catch (CellLaunchException | InterruptedException | RuntimeException e) {
        // No controller makes pods here: the launch waits until interrupted.
      }
    });
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (client.apps().deployments().inNamespace(NAMESPACE).list().getItems().size() < 2
        && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    var front = client.apps().deployments().inNamespace(NAMESPACE).withName("front-1").get();
    var services = client.services().inNamespace(NAMESPACE).list().getItems();
    launch.interrupt();
    launch.join(10_000);
    // Interrupted while it waited for its pods: the set removed what it had made.
    assertThat(client.apps().deployments().inNamespace(NAMESPACE).list().getItems()).isEmpty();
    var container = front.getSpec().getTemplate().getSpec().getContainers().getFirst();
    assertThat(container.getResources().getLimits()).isEqualTo(container.getResources().getRequests());
    assertThat(container.getResources().getLimits().get("cpu").toString()).isEqualTo("500m");
    assertThat(container.getEnv()).anySatisfy(variable -> assertThat(variable.getName() + "=" + variable.getValue())
        .isEqualTo("DOWNSTREAM_URL=http://store:8080"));
    // A Service per service, selecting its Deployment's pods (the mock assigns no cluster addresses, so the
    // hosts-file names are the recorded manifest's to show).
    assertThat(services)
        .extracting(service -> service.getMetadata().getName() + "->" + service.getSpec().getSelector()
            .get(Manifests.SERVICE_KEY)).containsExactlyInAnyOrder("front-1->front-1", "store-2->store-2");
    assertThat(container.getReadinessProbe().getHttpGet().getPath()).isEqualTo(catalog.app("quarkus").readinessPath());
  }

  @Test
  void aSetWithHaproxyIsRefusedOnKubernetes() {
    ContainerSet set = new ContainerSet("balanced", List.of(new SetService("store", cell(), Duration.ofMillis(100), 2,
        Map.of())), new BalancerSpec(BalancerSpec.Mode.HAPROXY, BalancerSpec.Policy.ROUND_ROBIN, CpuLimit.cores(0.25), 64,
        Duration.ofMillis(500), Duration.ofSeconds(30), Duration.ofSeconds(1), "/hello", Map.of(), "store"));
    assertThatThrownBy(() -> new KubernetesSetLauncher(lab()).start(set)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("on Kubernetes each service's Service balances");
  }

  @Test
  void aContextTheKubeconfigLacksIsRefusedNotSwappedForItsCurrentOne(@TempDir Path dir) throws Exception {
    Path kubeconfig = Files.writeString(dir.resolve("config"), """
        apiVersion: v1
        kind: Config
        clusters: [{name: lab, cluster: {server: "https://127.0.0.1:1"}}]
        users: [{name: admin, user: {token: t}}]
        contexts: [{name: lab, context: {cluster: lab, user: admin}}]
        current-context: lab
        """);
    assertThatThrownBy(() -> new KubernetesEngine().open(catalog, HarnessConfig.load(), new EngineSettings(
        EngineSettings.Engine.KUBERNETES, kubeconfig, "kind-perflab", "perflab", Map.of(), null)))
        .hasMessageContaining("perflab.kubernetes.context").hasMessageContaining("no context 'kind-perflab'")
        .hasMessageContaining("[lab]");
  }

  private ClusterLab lab() {
    client.namespaces().resource(Manifests.namespace(NAMESPACE)).create();
    return new ClusterLab(client, NAMESPACE, catalog, HarnessConfig.load(), new EngineSettings(
        EngineSettings.Engine.KUBERNETES, Path.of("kubeconfig"), null, "perflab", Map.of(), null), Map.of(), null);
  }

  /** A labelled namespace of run {@code run}, made by {@code owner} (null: a run from before owners were labelled). */
  private void namespace(String name, String run, String owner) {
    Map<String, String> labels = new java.util.HashMap<>(Map.of(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE,
        LabLabels.RUN_KEY, run));
    if (owner != null) {
      labels.put(LabLabels.PROCESS_KEY, owner);
    }
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).withLabels(labels)
        .endMetadata().build()).create();
  }

  private void namespace(String name, boolean labelled) {
    client.namespaces().resource(labelled ? Manifests.namespace(name)
        : new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
  }

  private Cell cell() {
    return new Cell(catalog.app("quarkus"), catalog.mode("jvm"), new ResourceProfile("0.5cpu-256m", CpuLimit.cores(0.5),
        256));
  }
}
