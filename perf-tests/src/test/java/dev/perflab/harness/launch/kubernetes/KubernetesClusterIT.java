package dev.perflab.harness.launch.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Image;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.SetService;
import dev.perflab.harness.result.LaunchSample;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The cluster tier: against a real cluster (the one {@code docker/kubernetes/cluster.sh start} brings up here, or
 * the kubeconfig's), one cell measured as a pod, one set with replicas behind a Service that the other service calls
 * by name, a failing pod reported with its events, and nothing left of the run's namespace afterwards.
 */
@Tag("cluster")
class KubernetesClusterIT {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Catalog catalog = CatalogLoader.bundled();
  private final EngineSettings settings = new EngineSettings(EngineSettings.Engine.KUBERNETES,
      EngineSettings.read().kubeconfig(), EngineSettings.read().context(), "perflab-it", Map.of(), null);

  @Test
  void aCellASetAndAFailureRunOnTheClusterAndLeaveNothing() throws Exception {
    String namespace;
    try (Lab lab = new KubernetesEngine().open(catalog, HarnessConfig.load(), settings)) {
      assertThat(lab.engineDescription()).startsWith("Kubernetes v1.");
      namespace = lab.engineDescription().replaceAll(".*\\(namespace (.*)\\)$", "$1");
      Cell cell = cell("quarkus", 0.5, 256);

      // A measured launch: the platform's part (create call to container start) and the framework's own.
      LaunchSample launch = lab.launcher().measure(cell, 0, false, LaunchSteps.ALL);
      assertThat(launch.timeToFirstOkMillis()).isGreaterThan(launch.startedAtToFirstOkMillis());
      assertThat(launch.startedAtToFirstOkMillis()).isPositive();
      assertThat(launch.rssBytesAtFirstOk()).isPositive();
      assertThat(launch.rssBytesAfterWarmup()).isNotNull();
      assertThat(launch.frameworkReportedStartupMillis()).isNotNull();

      // A set: front calls store by name through store's Service, which balances its two replicas.
      SetService front = new SetService("front", cell("quarkus", 0.4, 256), Duration.ofMillis(100), 1,
          Map.of("DOWNSTREAM_URL", "http://store:8080"));
      SetService store = new SetService("store", cell("quarkus", 0.3, 192), Duration.ofMillis(100), 2, Map.of());
      try (RunningSet running = lab.sets().start(new ContainerSet("front-and-store", List.of(front, store)))) {
        RunningCell front1 = running.service("front").replicas().getFirst();
        assertThat(running.service("store").replicas()).hasSize(2);
        HttpResponse<String> io = get(front1, "/io?delayMs=0");
        assertThat(io.statusCode()).isEqualTo(502);
        assertThat(io.body()).contains("downstream answered HTTP 404");
        // One database per service: a user written through one store replica is read through the other.
        RunningCell store1 = running.service("store").replicas().get(0);
        RunningCell store2 = running.service("store").replicas().get(1);
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(uri(store1, "/users"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Ada\",\"email\":\"ada@example.org\"}")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        String id = created.body().replaceAll("(?s).*\"id\":(\\d+).*", "$1");
        assertThat(get(store2, "/users/" + id).body()).contains("\"name\":\"Ada\"");
        // Requests = limits reach the cgroup: the pod's container under a 30 ms quota per 100 ms, 192 MiB.
        HostConfig host = docker().inspectContainerCmd(dockerId(store1)).exec().getHostConfig();
        assertThat(host.getCpuQuota()).isEqualTo(30_000L);
        assertThat(host.getCpuPeriod()).isEqualTo(100_000L);
        assertThat(host.getMemory()).isEqualTo(192L << 20);
        assertThat(running.hostPids()).containsOnlyKeys("front-1", "store-1", "store-2");
      }

      // A pod that cannot start: its failure says why, with the kubelet's events.
      Cell missing = new Cell(catalog.app("quarkus").withImage("jvm", "perflab/no-such-image:1"),
          catalog.mode("jvm"), cell.profile());
      assertThatThrownBy(() -> lab.launcher().measure(missing, 0, false, LaunchSteps.ALL))
          .isInstanceOf(CellLaunchException.class)
          .satisfies(e -> assertThat(((CellLaunchException) e).failure().describe()).contains("ErrImage"));
    }
    try (KubernetesClient client = new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(settings.context(), settings.kubeconfig().toFile())).build()) {
      assertThat(client.namespaces().withName(namespace).get()).as("the run's namespace after the lab closed").isNull();
    }
    assertThat(docker().listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of("io.kubernetes.pod.namespace", namespace)).exec()).as("the run's pods' containers")
        .isEmpty();
    assertThat(LabLabels.RUN_ID).isNotBlank();
  }

  /**
   * A cluster as a remote one is to the harness: the images pushed to a registry (perflab's own on loopback, which
   * this node pulls from), each pod's CPU from its kubelet, none read on the node; an AOT mode, whose cache's use only
   * the node's memory map proves, refused with the reason.
   */
  @Test
  void imagesComeFromTheRegistryNamedAndFiguresFromTheKubelet() throws Exception {
    try (GenericContainer<?> registry = new GenericContainer<>(DockerImageName.parse(catalog.registry().image()))
        .withExposedPorts(5000).withLabels(LabLabels.forRun())
        .waitingFor(Wait.forLogMessage(".*listening on.*\\n", 1))) {
      registry.start();
      String address = "127.0.0.1:" + registry.getMappedPort(5000);
      EngineSettings remote = new EngineSettings(settings.engine(), settings.kubeconfig(), settings.context(),
          settings.namespacePrefix(), Map.of(), address);
      Catalog bare = catalog.without(LabService.DOWNSTREAM).without(LabService.DATABASE);
      try (Lab lab = new KubernetesEngine(false).open(bare, HarnessConfig.load(), remote)) {
        Cell cell = new Cell(bare.app("quarkus"), bare.mode("jvm"),
            new ResourceProfile("0.5cpu-256m", CpuLimit.cores(0.5), 256));

        LaunchSample launch = lab.launcher().measure(cell, 0, false, LaunchSteps.ALL);

        assertThat(launch.imageId()).as("the pod's image, pulled by digest").startsWith("docker-pullable://" + address
            + "/perflab/quarkus@sha256:");
        assertThat(launch.cpuSecondsUntilReady()).as("the kubelet's CPU reading").isPositive();
        assertThat(launch.timeToFirstOkMillis()).isPositive();
        assertThat(launch.startedAtToFirstOkMillis()).as("the container's start, known only to the second").isNull();
        // cri-dockerd's kubelet reports the working set only: no RSS is recorded rather than another figure.
        assertThat(launch.rssBytesAtFirstOk()).satisfiesAnyOf(rss -> assertThat(rss).isNull(),
            rss -> assertThat(rss).isPositive());
        Cell aot = new Cell(bare.app("quarkus"), bare.mode("aot"), cell.profile());
        assertThatThrownBy(() -> lab.launcher().measure(aot, 0, false, LaunchSteps.ALL))
            .isInstanceOf(CellLaunchException.class)
            .satisfies(e -> assertThat(((CellLaunchException) e).failure().describe()).contains("AOT cache"));
      } finally {
        // The node's engine is this one: the digest names its pulls added go (each image keeps its own tag).
        for (Image image : docker().listImagesCmd().exec()) {
          for (String digest : image.getRepoDigests() == null ? new String[0] : image.getRepoDigests()) {
            if (digest.startsWith(address + "/")) {
              docker().removeImageCmd(digest).exec();
            }
          }
        }
      }
    }
  }

  /**
   * The commands against a kubeconfig of one's own, with an account granted only what docker/kubernetes/perflab-rbac.yaml
   * grants (a kubeconfig made as docs/kubernetes.md says): a cell with its database measured, a set started.
   */
  @Test
  void aKubeconfigOfOnesOwnWithOnlyWhatTheRbacFileGrantsRunsTheEngine(@TempDir Path dir) throws Exception {
    HarnessConfig config = HarnessConfig.load();
    try (KubernetesClient admin = new KubernetesClientBuilder()
        .withConfig(Config.fromKubeconfig(settings.context(), settings.kubeconfig().toFile())).build();
         InputStream file = Files.newInputStream(config.projectDir().resolve("docker/kubernetes/perflab-rbac.yaml"))) {
      List<HasMetadata> rbac = admin.load(file).items();
      admin.resourceList(rbac).forceConflicts().serverSideApply();
      try {
        String token = admin.serviceAccounts().inNamespace("perflab-system").withName("perflab").tokenRequest(
            new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build()).getStatus().getToken();
        Path kubeconfig = Files.writeString(dir.resolve("perflab.kubeconfig"), String.join("\n",
            "apiVersion: v1", "kind: Config",
            "clusters: [{name: theirs, cluster: {server: \"" + admin.getMasterUrl() + "\", certificate-authority-data: "
                + admin.getConfiguration().getCaCertData() + "}}]",
            "users: [{name: perflab, user: {token: " + token + "}}]",
            "contexts: [{name: perflab, context: {cluster: theirs, user: perflab}}]", "current-context: perflab", ""));
        EngineSettings own = new EngineSettings(EngineSettings.Engine.KUBERNETES, kubeconfig, "perflab", "perflab-it",
            Map.of(), null);
        try (Lab lab = new KubernetesEngine().open(catalog, config, own)) {
          LaunchSample launch = lab.launcher().measure(cell("quarkus", 0.5, 256), 0, false, LaunchSteps.ALL);
          assertThat(launch.frameworkReportedStartupMillis()).as("its log, read by the account").isNotNull();
          SetService store = new SetService("store", cell("quarkus", 0.3, 192), Duration.ofMillis(100), 1, Map.of());
          try (RunningSet running = lab.sets().start(new ContainerSet("store-alone", List.of(store)))) {
            assertThat(get(running.service("store").replicas().getFirst(), "/users/1").statusCode()).isEqualTo(404);
          }
        }
      } finally {
        admin.resourceList(rbac).delete();
      }
    }
  }

  private Cell cell(String app, double cpus, long memoryMebibytes) {
    return new Cell(catalog.app(app), catalog.mode("jvm"),
        new ResourceProfile(cpus + "cpu-" + memoryMebibytes + "m", CpuLimit.cores(cpus), memoryMebibytes));
  }

  private static DockerClient docker() {
    return DockerClientFactory.instance().client();
  }

  private static String dockerId(RunningCell cell) {
    return ((PodReplica) cell.replica()).containerId().replace("docker://", "");
  }

  private static HttpResponse<String> get(RunningCell cell, String path) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(uri(cell, path)).timeout(Duration.ofSeconds(20)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(RunningCell cell, String path) {
    return URI.create("http://" + cell.replica().networkIp() + ":" + cell.cell().app().port() + path);
  }
}
