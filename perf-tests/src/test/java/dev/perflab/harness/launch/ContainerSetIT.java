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
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.ContainerSample;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * A set of two services on the lab network: {@code front} calls {@code store} by name, each under its own
 * CPU quota, CFS period and memory limit, {@code store} as two replicas sharing one database; all three
 * sampled on one clock, all removed after the set closes, after a failed start too; a set over the
 * measured CPUs refused before anything starts.
 */
@Tag("smoke")
class ContainerSetIT {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Catalog catalog = CatalogLoader.bundled();
  private final DockerClient docker = DockerClientFactory.instance().client();

  @Test
  void twoServicesReachEachOtherByNameShareADatabaseAreSampledOnOneClockAndAreRemoved() throws Exception {
    SetService front = new SetService("front", cell("quarkus", 0.4, 256), Duration.ofMillis(100), 1,
        Map.of("DOWNSTREAM_URL", "http://store:8080"));
    SetService store = new SetService("store", cell("quarkus", 0.3, 192), Duration.ofMillis(10), 2, Map.of());
    ContainerSet set = new ContainerSet("front-and-store", List.of(front, store));

    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      try (RunningSet running = lab.sets().start(set)) {
        List<Container> containers = containersOf(set);
        assertThat(containers).extracting(c -> c.getLabels().get(LabLabels.REPLICA_KEY))
            .containsExactlyInAnyOrder("front-1", "store-1", "store-2");
        assertThat(containers).allSatisfy(c -> assertThat(c.getLabels())
            .containsEntry(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE).containsEntry(LabLabels.RUN_KEY, LabLabels.RUN_ID));
        assertLimits("front-1", 100_000, 40_000, 256);
        assertLimits("store-2", 10_000, 3_000, 192);

        RunningCell front1 = running.service("front").replicas().getFirst();
        RunningCell store1 = running.service("store").replicas().get(0);
        RunningCell store2 = running.service("store").replicas().get(1);

        // front's downstream call reaches store by name: a store answers, with 404 (it has no /delay).
        HttpResponse<String> io = get(front1, "/io?delayMs=0");
        assertThat(io.statusCode()).isEqualTo(502);
        assertThat(io.body()).contains("downstream answered HTTP 404");
        // The network's resolver answers "store" with both replicas, "store-2" with the second alone.
        assertThat(aliases(store1)).contains("store", "store-1");
        assertThat(aliases(store2)).contains("store", "store-2");

        // A user written through one replica is read through the other: one database.
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(uri(store1, "/users"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"Ada\",\"email\":\"ada@example.org\"}")).build(),
            HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        String id = created.body().replaceAll("(?s).*\"id\":(\\d+).*", "$1");
        assertThat(get(store2, "/users/" + id).body()).contains("\"name\":\"Ada\"");

        try (ContainerSampler sampler = ContainerSampler.start(running.hostPids())) {
          while (sampler.timeline("store-2").size() < 2) {
            get(front1, "/io?delayMs=0");
          }
          List<List<Long>> clocks = List.of(atMillis(sampler.timeline("front-1")),
              atMillis(sampler.timeline("store-1")), atMillis(sampler.timeline("store-2")));
          int seconds = clocks.stream().mapToInt(List::size).min().orElseThrow();
          assertThat(seconds).isGreaterThanOrEqualTo(2);
          assertThat(clocks).extracting(clock -> clock.subList(0, seconds)).containsOnly(clocks.getFirst().subList(0, seconds));
        }
      }
      assertThat(containersOf(set)).as("containers of the set after it closed").isEmpty();

      // A replica that fails to start removes what started before it, and says why.
      SetService broken = new SetService("broken", cell("quarkus", 0.5, 256), SetService.DOCKER_CFS_PERIOD, 1,
          Map.of("JDK_JAVA_OPTIONS", "-XX:+NoSuchOption"));
      ContainerSet failing = new ContainerSet("failing", List.of(new SetService("stub", stubCell(), Duration.ofMillis(20),
          1, Map.of()), broken));
      assertThatThrownBy(() -> lab.sets().start(failing)).isInstanceOf(CellLaunchException.class)
          .satisfies(e -> assertThat(((CellLaunchException) e).failure().describe())
              .contains("exited with code 1").contains("NoSuchOption"));
      assertThat(containersOf(failing)).as("containers of the failed set").isEmpty();

      // Quotas over the measured CPUs: refused with the sums, nothing started.
      ContainerSet over = new ContainerSet("over", List.of(front,
          new SetService("store", cell("quarkus", 0.3, 192), Duration.ofMillis(10), 3, Map.of())));
      assertThatThrownBy(() -> lab.sets().start(over)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("asks for 1.3 CPU in CPU quotas (front: 0.4 CPU x 1 = 0.4 CPU; store: 0.3 CPU x 3 = 0.9 CPU)"
              + " but measures on 1 CPU");
      assertThat(containersOf(over)).isEmpty();
    }
  }

  private Cell cell(String app, double cpus, long memoryMebibytes) {
    return new Cell(catalog.app(app), catalog.mode("jvm"),
        new ResourceProfile(cpus + "cpu-" + memoryMebibytes + "m", CpuLimit.cores(cpus), memoryMebibytes));
  }

  /** The downstream stub as an app: a service that starts in a second. */
  private Cell stubCell() {
    App stub = new App("stub", "JDK HttpServer", "25", "project.version", false, 8080, "/health",
        Pattern.compile("listening in (?<millis>\\d+)ms"), "docker/downstream-stub",
        Map.of("jvm", catalog.downstream().image()), Map.of("jvm", "target/image"), null, null, List.of(), Map.of(), null);
    return new Cell(stub, catalog.mode("jvm"), new ResourceProfile("0.5cpu-64m", CpuLimit.cores(0.5), 64));
  }

  private void assertLimits(String replica, long periodMicros, long quotaMicros, long memoryMebibytes) {
    Container container = docker.listContainersCmd().withLabelFilter(Map.of(LabLabels.REPLICA_KEY, replica,
        LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec().getFirst();
    HostConfig host = docker.inspectContainerCmd(container.getId()).exec().getHostConfig();
    assertThat(host.getCpuPeriod()).as(replica + " CFS period").isEqualTo(periodMicros);
    assertThat(host.getCpuQuota()).as(replica + " CFS quota").isEqualTo(quotaMicros);
    assertThat(host.getMemory()).as(replica + " memory").isEqualTo(memoryMebibytes << 20);
    assertThat(host.getCpusetCpus()).as(replica + " CPUs").isEqualTo(catalog.measuredCpuset());
  }

  private List<String> aliases(RunningCell replica) {
    return docker.inspectContainerCmd(((CellContainer) replica.replica()).getContainerId()).exec().getNetworkSettings().getNetworks()
        .values().stream().flatMap(network -> network.getAliases().stream()).toList();
  }

  private List<Container> containersOf(ContainerSet set) {
    return docker.listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(LabLabels.SET_KEY, set.id(), LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec();
  }

  private static HttpResponse<String> get(RunningCell cell, String path) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(uri(cell, path)).timeout(Duration.ofSeconds(20)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(RunningCell cell, String path) {
    return URI.create("http://" + cell.replica().networkIp() + ":" + cell.cell().app().port() + path);
  }

  private static List<Long> atMillis(List<ContainerSample> samples) {
    return samples.stream().map(ContainerSample::atMillis).toList();
  }
}
