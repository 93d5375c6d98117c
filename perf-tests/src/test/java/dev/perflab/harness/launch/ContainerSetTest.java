package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContainerSetTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  static Cell cell(String app, double cpus, long memoryMebibytes) {
    return new Cell(CATALOG.app(app), CATALOG.mode("jvm"),
        new ResourceProfile(cpus + "cpu-" + memoryMebibytes + "m", CpuLimit.cores(cpus), memoryMebibytes));
  }

  static SetService service(String name, double cpus, int replicas) {
    return new SetService(name, cell("quarkus", cpus, 256), Duration.ofMillis(10), replicas, Map.of());
  }

  @Test
  void aSetWhoseQuotasFitTheMeasuredCpusIsNotRefused() {
    ContainerSet set = new ContainerSet("fits", List.of(service("front", 0.5, 1), service("store", 0.25, 2)));

    assertThat(set.overBudget(1, "1")).isEmpty();
  }

  @Test
  void aSetOverTheMeasuredCpusIsRefusedWithTheSums() {
    ContainerSet set = new ContainerSet("over", List.of(service("front", 0.5, 1), service("store", 0.375, 2)));

    assertThat(set.overBudget(1, "1")).contains("the set 'over' asks for 1.25 CPU in CPU quotas"
        + " (front: 0.5 CPU x 1 = 0.5 CPU; store: 0.375 CPU x 2 = 0.75 CPU) but measures on 1 CPU"
        + " (measuredCpuset \"1\"): lower the services' CPU limits or replicas until they sum to at most 1.0 CPU");
    assertThat(set.overBudget(2, "0-1")).isEmpty();
  }

  @Test
  void theBalancersQuotaCountsAndIsNamedInTheSums() {
    List<SetService> services = List.of(service("front", 0.5, 1), service("store", 0.25, 2));
    assertThat(new ContainerSet("unbalanced", services).overBudget(1, "1")).isEmpty();

    ContainerSet set = new ContainerSet("balanced", services, balancer(Map.of(), "front"));

    assertThat(set.overBudget(1, "1")).contains("the set 'balanced' asks for 1.25 CPU in CPU quotas (front: 0.5 CPU"
        + " x 1 = 0.5 CPU; store: 0.25 CPU x 2 = 0.5 CPU; balancer: 0.25 CPU) but measures on 1 CPU (measuredCpuset"
        + " \"1\"): lower the services' and the balancer's CPU limits or replicas until they sum to at most 1.0 CPU");
    assertThat(set.overBudget(2, "0-1")).isEmpty();
  }

  @Test
  void theBalancersRoutesNameServicesOfTheSet() {
    List<SetService> services = List.of(service("gateway", 0.25, 1), service("rest", 0.25, 2));

    assertThatThrownBy(() -> new ContainerSet("shop", services, balancer(Map.of(), "app")))
        .hasMessage("the set 'shop': the balancer's edgeDefault 'app' is not a service of the set; its services are"
            + " [gateway, rest]");
    assertThatThrownBy(() -> new ContainerSet("shop", services, balancer(Map.of("/users", "users"), "gateway")))
        .hasMessage("the set 'shop': the balancer's edge route /users -> 'users' names no service of the set; its"
            + " services are [gateway, rest]");
    assertThat(new ContainerSet("shop", services, balancer(Map.of("/users", "rest"), "gateway")).balancer())
        .isNotNull();
  }

  @Test
  void aBalancerIsRefusedWhatHaproxyCouldNotRunWithAReasonForEach() {
    assertThatThrownBy(() -> new BalancerSpec(BalancerSpec.Mode.DNS, BalancerSpec.Policy.ROUND_ROBIN,
        CpuLimit.cores(0.25), 64, Duration.ZERO, Duration.ofSeconds(30), Duration.ofSeconds(1), "/hello", Map.of(),
        "app")).hasMessage("the balancer's connectTimeout must be at least 1 ms, got PT0S");
    assertThatThrownBy(() -> new BalancerSpec(BalancerSpec.Mode.DNS, BalancerSpec.Policy.ROUND_ROBIN,
        CpuLimit.cores(0.25), 4, Duration.ofMillis(500), Duration.ofSeconds(30), Duration.ofSeconds(1), "/hello",
        Map.of(), "app")).hasMessageContaining("at least 6 MiB (Docker's minimum), got 4 MiB");
    assertThatThrownBy(() -> balancer(Map.of("/users/", "rest"), "app"))
        .hasMessageContaining("edge route '/users/' must be a path starting with '/' and not ending with one");
    assertThatThrownBy(() -> new BalancerSpec(BalancerSpec.Mode.DNS, BalancerSpec.Policy.ROUND_ROBIN,
        CpuLimit.cores(0.25), 64, Duration.ofMillis(500), Duration.ofSeconds(30), Duration.ofSeconds(1), "/he llo",
        Map.of(), "app")).hasMessageContaining("healthPath must be a path starting with '/', without spaces");
  }

  private static BalancerSpec balancer(Map<String, String> edgeRoutes, String edgeDefault) {
    return HaproxyConfigTest.spec(BalancerSpec.Mode.HAPROXY, BalancerSpec.Policy.ROUND_ROBIN, edgeRoutes, edgeDefault);
  }

  @Test
  void aCellIsASetOfOneWithDockersPeriod() {
    ContainerSet set = ContainerSet.of(cell("spring-boot", 0.5, 512));

    assertThat(set.id()).isEqualTo("spring-boot/jvm/0.5cpu-512m");
    assertThat(set.services()).singleElement().satisfies(service -> {
      assertThat(service.name()).isEqualTo("spring-boot");
      assertThat(service.replicas()).isEqualTo(1);
      assertThat(service.cfsPeriod()).isEqualTo(Duration.ofMillis(100));
      assertThat(service.environment()).isEmpty();
    });
  }

  @Test
  void everyNameReachesOneService() {
    assertThatThrownBy(() -> new ContainerSet("twice", List.of(service("store", 0.25, 2), service("store-2", 0.25, 1))))
        .hasMessageContaining("the set 'twice' has the name 'store-2' twice");
  }

  @Test
  void aNameMustBeADnsLabel() {
    assertThatThrownBy(() -> service("Store_1", 0.25, 1))
        .hasMessageContaining("must be a DNS label").hasMessageContaining("'Store_1'");
  }

  @Test
  void theKernelsBoundsOnPeriodAndQuotaAreCheckedBeforeDockerIs() {
    assertThatThrownBy(() -> new SetService("store", cell("quarkus", 0.5, 256), Duration.ofMillis(2000), 1, Map.of()))
        .hasMessageContaining("from 1 ms to 1 s");
    assertThatThrownBy(() -> new SetService("store", cell("quarkus", 0.25, 256), Duration.ofMillis(2), 1, Map.of()))
        .hasMessageContaining("a quota of 500 µs, under the kernel's 1 ms minimum")
        .hasMessageContaining("at least 4000 µs");
    assertThat(new SetService("store", cell("quarkus", 0.25, 256), Duration.ofMillis(4), 1, Map.of())
        .cell().profile().cpus().quotaMicros(4000)).isEqualTo(1000);
  }

  @Test
  void replicasAreAtLeastOne() {
    assertThatThrownBy(() -> service("store", 0.25, 0)).hasMessageContaining("replicas must be at least 1");
  }
}
