package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.HostConfig;
import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.HarnessConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * Two replicas of one service behind HAProxy: the host's requests through the edge reach both, the service's name
 * is the balancer's alone, a replica killed is seen DOWN by the balancer's checks, in its log and in its stats,
 * while the edge keeps answering; closing the set leaves nothing, nor does a balancer that fails to start. The
 * replicas are the downstream stub, which starts in about a second, and the lab runs neither database nor stub of
 * its own.
 */
@Tag("smoke")
class BalancerIT {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  /** Twice the checks' interval, one check's timeout and the slack of a busy 2-core machine. */
  private static final Duration DOWN_WITHIN = Duration.ofSeconds(10);
  private final Catalog catalog = CatalogLoader.bundled().without(LabService.DOWNSTREAM).without(LabService.DATABASE);
  private final DockerClient docker = DockerClientFactory.instance().client();

  @Test
  void theEdgeReachesEveryReplicaAndAKilledOneIsTakenOut() throws Exception {
    ContainerSet set = new ContainerSet("balanced", List.of(
        new SetService("app", stubCell(), SetService.DOCKER_CFS_PERIOD, 2, Map.of())),
        spec(BalancerSpec.Mode.HAPROXY, "/health"));

    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      try (RunningSet running = lab.sets().start(set)) {
        RunningBalancer balancer = running.balancer().orElseThrow();
        assertThat(containersOf(set)).extracting(c -> c.getLabels().get(LabLabels.REPLICA_KEY))
            .containsExactlyInAnyOrder("app-1", "app-2", "balancer");
        HostConfig limits = hostConfigOf(set, "balancer");
        assertThat(limits.getNanoCPUs()).as("balancer CPU quota").isEqualTo(200_000_000L);
        assertThat(limits.getMemory()).as("balancer memory").isEqualTo(32L << 20);
        assertThat(limits.getCpusetCpus()).as("balancer CPUs").isEqualTo(catalog.measuredCpuset());
        // The service's name is the balancer's: a call to http://app:8080 goes through it.
        assertThat(aliasesOf(set, "balancer")).contains("app");
        assertThat(aliasesOf(set, "app-1")).contains("app-1").doesNotContain("app");
        assertThat(balancer.config()).contains("server app-1 app-1:8080", "server app-2 app-2:8080");

        for (int i = 0; i < 10; i++) {
          assertThat(get(balancer.edgeUri().resolve("/health"))).isEqualTo(200);
        }
        assertThat(server(balancer, "app-1").sessionsTotal()).as("requests app-1 served").isEqualTo(5);
        assertThat(server(balancer, "app-2").sessionsTotal()).as("requests app-2 served").isEqualTo(5);

        Instant killed = Instant.now();
        running.kill("app-2");

        ServerStateChange down = awaitDown(balancer, "app-2");
        assertThat(down.backend()).isEqualTo("be_app");
        assertThat(down.at()).isAfter(killed.minusSeconds(1));
        assertThat(server(balancer, "app-2").down()).as("app-2 in the stats").isTrue();
        assertThat(server(balancer, "app-2").checksDown()).isEqualTo(1);
        assertThat(server(balancer, "app-1").status()).isEqualTo("UP");
        for (int i = 0; i < 4; i++) {
          assertThat(get(balancer.edgeUri().resolve("/health"))).as("the edge with app-2 down").isEqualTo(200);
        }
      }
      assertThat(containersOf(set)).as("containers of the set after it closed").isEmpty();
    }
  }

  /** In DNS mode the replicas keep the service's name and the balancer is the host's entry point only. */
  @Test
  void withDnsBetweenTheServicesTheReplicasKeepTheNameAndTheEdgeStillAnswers() throws Exception {
    ContainerSet set = new ContainerSet("dns-balanced", List.of(
        new SetService("app", stubCell(), SetService.DOCKER_CFS_PERIOD, 2, Map.of())),
        spec(BalancerSpec.Mode.DNS, "/health"));

    try (Lab lab = Lab.open(catalog, HarnessConfig.load()); RunningSet running = lab.sets().start(set)) {
      assertThat(aliasesOf(set, "app-2")).contains("app", "app-2");
      assertThat(aliasesOf(set, "balancer")).doesNotContain("app");
      assertThat(get(running.balancer().orElseThrow().edgeUri().resolve("/health"))).isEqualTo(200);
    }
    assertThat(containersOf(set)).as("containers of the set after it closed").isEmpty();
  }

  /**
   * A balancer whose checks never pass (a health path the replicas answer 404 to) fails its start, says which check
   * failed how, and takes the replicas started before it along.
   */
  @Test
  void aBalancerThatFailsToStartLeavesNoReplicaBehind() throws Exception {
    HarnessConfig config = HarnessConfig.load();
    HarnessConfig quick = new HarnessConfig(config.repetitions(), config.warmupRequests(), Duration.ofSeconds(5),
        config.budgetsFile(), config.reportDir(), config.projectDir(), config.buildRepetitions(), config.parts(),
        config.compare(), config.experiment(), config.catalogFile(), config.full());
    ContainerSet set = new ContainerSet("balancer-unhealthy", List.of(
        new SetService("app", stubCell(), SetService.DOCKER_CFS_PERIOD, 1, Map.of())),
        spec(BalancerSpec.Mode.HAPROXY, "/no-such-path"));

    try (Lab lab = Lab.open(catalog, quick)) {
      assertThatThrownBy(() -> lab.sets().start(set)).isInstanceOf(CellLaunchException.class)
          .hasMessageContaining("the balancer of the set 'balancer-unhealthy' (perflab/haproxy:2.6)")
          .hasMessageContaining("not every replica passed a health check within 5 s (be_app/app-1 DOWN L7STS)");
      assertThat(containersOf(set)).as("containers of the set after the failed start").isEmpty();
    }
  }

  private static BalancerSpec spec(BalancerSpec.Mode mode, String healthPath) {
    return new BalancerSpec(mode, BalancerSpec.Policy.ROUND_ROBIN, CpuLimit.cores(0.2), 32, Duration.ofMillis(500),
        Duration.ofSeconds(5), Duration.ofMillis(500), healthPath, Map.of(), "app");
  }

  /** Polls the balancer's log until it says {@code server} is DOWN. */
  private static ServerStateChange awaitDown(RunningBalancer balancer, String server) throws InterruptedException {
    long deadline = System.nanoTime() + DOWN_WITHIN.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<ServerStateChange> down = balancer.stateChanges().stream()
          .filter(change -> change.server().equals(server) && change.state().equals("DOWN")).findFirst();
      if (down.isPresent()) {
        return down.get();
      }
      Thread.sleep(100);
    }
    throw new AssertionError(server + " not DOWN in the balancer's log within " + DOWN_WITHIN.toSeconds() + " s of"
        + " its kill; its state changes: " + balancer.stateChanges() + "; its stats: " + balancer.stats());
  }

  private static BalancerServerStats server(RunningBalancer balancer, String name) {
    return balancer.stats().stream().filter(row -> row.server().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no server " + name + " in the stats: " + balancer.stats()));
  }

  /** The downstream stub as an app: a service that starts in a second. */
  private Cell stubCell() {
    App stub = new App("stub", "JDK HttpServer", "25", "project.version", false, 8080, "/health",
        Pattern.compile("listening in (?<millis>\\d+)ms"), "docker/downstream-stub",
        Map.of("jvm", catalog.downstream().image()), Map.of("jvm", "target/image"), null, null, List.of(), Map.of(), null);
    return new Cell(stub, catalog.mode("jvm"), new ResourceProfile("0.3cpu-64m", CpuLimit.cores(0.3), 64));
  }

  private List<Container> containersOf(ContainerSet set) {
    return docker.listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(LabLabels.SET_KEY, set.id(), LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec();
  }

  private HostConfig hostConfigOf(ContainerSet set, String replica) {
    return docker.inspectContainerCmd(containerOf(set, replica).getId()).exec().getHostConfig();
  }

  private List<String> aliasesOf(ContainerSet set, String replica) {
    return docker.inspectContainerCmd(containerOf(set, replica).getId()).exec().getNetworkSettings().getNetworks()
        .values().stream().flatMap(network -> network.getAliases().stream()).toList();
  }

  private Container containerOf(ContainerSet set, String replica) {
    return containersOf(set).stream().filter(c -> replica.equals(c.getLabels().get(LabLabels.REPLICA_KEY)))
        .findFirst().orElseThrow(() -> new AssertionError("no container of replica " + replica));
  }

  private static int get(URI uri) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.discarding()).statusCode();
  }
}
