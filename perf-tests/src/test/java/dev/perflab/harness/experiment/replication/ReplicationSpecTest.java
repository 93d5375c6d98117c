package dev.perflab.harness.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.node.NodeSpecs;
import dev.perflab.harness.launch.BalancerSpec;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.HaproxyConfigs;
import dev.perflab.harness.launch.SetService;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replication file is refused before anything starts when a configuration could not run; each configuration is
 * the one app in its roles, behind HAProxy, at the replica's slice.
 */
class ReplicationSpecTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();
  private static final Path BUNDLED = Path.of("../experiments/replication.yaml");

  @TempDir
  Path dir;

  @Test
  void theBundledFileRunsTheStudysNamedConfigurationsAndFitsTheMeasuredCpu() throws IOException {
    ReplicationSpec spec = (ReplicationSpec) ExperimentLoader.load(BUNDLED, CATALOG, BundledKinds.ALL).spec();

    assertThat(spec.scale("default").configurations()).extracting(Configuration::name)
        .contains("MON-1", "MON-4", "MON-8", "MSA-1-1-1", "MSA-1-4-1", "MSA-1-4-4", "MSA-2-4-4");
    assertThat(spec.scale("smoke").configurations()).singleElement()
        .satisfies(configuration -> assertThat(configuration.kill()).isNotNull());
  }

  @Test
  void aConfigurationWhoseQuotasDoNotFitIsRefusedWithTheSumsTheBalancersIncluded() throws IOException {
    Path file = write(Files.readString(BUNDLED).replace("replica: {cpus: 0.09,", "replica: {cpus: 0.1,"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("replication.scales.default.configurations")
        .hasMessageContaining("asks for 1.1 CPU in CPU quotas (rest: 0.1 CPU x 4 = 0.4 CPU; worker: 0.1 CPU x 4 = 0.4"
            + " CPU; gateway: 0.1 CPU x 2 = 0.2 CPU; balancer: 0.1 CPU) but measures on 1 CPU");
  }

  @Test
  void anAppThatDoesNotAnswerTheContractIsRefused() throws IOException {
    Catalog own = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));
    Path file = write(Files.readString(BUNDLED).replace("app: quarkus", "app: downstream-stub"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, own, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("'downstream-stub' does not answer the perflab contract");
  }

  @Test
  void aConfigurationIsEitherTheMonolithOrAllThreeSplitServicesAndKillsOnlyOneOfItsReplicas() {
    assertThatIllegalArgumentException().isThrownBy(() -> new Configuration("x", 2, 1, null, null, null, null))
        .withMessageContaining("give either 'monolith' (its replicas) or all of 'gateway', 'worker' and 'rest'");
    assertThatIllegalArgumentException().isThrownBy(() -> new Configuration("x", 2, null, null, null, null,
            new Configuration.KillFault("worker-1", 5)))
        .withMessageContaining("'kill.replica' worker-1 is not a replica of it; its services are [app]");
    assertThatIllegalArgumentException().isThrownBy(() -> new Configuration("x", 2, null, null, null, null,
            new Configuration.KillFault("app-3", 5)))
        .withMessageContaining("'kill.replica' app-3 but app has 2 replicas");
    assertThatIllegalArgumentException().isThrownBy(() -> new Configuration("x", 2, null, null, null, "nginx", null))
        .withMessageContaining("'balancer' is haproxy or dns, got 'nginx'");
  }

  @Test
  void aScaleThatNamesItsOwnReplicaSliceRunsItsReplicasAtIt() throws IOException {
    ReplicationSpec spec = (ReplicationSpec) ExperimentLoader.load(BUNDLED, CATALOG, BundledKinds.ALL).spec();
    ReplicationScale smoke = spec.scale("smoke");
    ContainerSet set = ReplicationSets.of(CATALOG.app("quarkus"), CATALOG.mode("jvm"),
        smoke.configurations().getFirst(), spec, smoke, 100);

    assertThat(smoke.replica()).isNotNull();
    assertThat(smoke.replica().cpus()).isNotEqualTo(spec.replica().cpus());
    assertThat(set.services()).allSatisfy(service ->
        assertThat(service.cell().profile().cpus()).isEqualTo(CpuLimit.cores(smoke.replica().cpus())));
  }

  @Test
  void haproxyMayNotCutARequestBeforeTheSessionsGiveUpOnIt() throws IOException {
    Path file = write(Files.readString(BUNDLED).replace("serverTimeoutMillis: 61000", "serverTimeoutMillis: 10000"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("'balancer.serverTimeoutMillis' 10000 is under scale 'default''s"
            + " 'sessions.requestTimeoutMillis' 60000: HAProxy would answer 504 before the client gives up");
  }

  @Test
  void theDefaultScaleGivesARequestGatlingsSixtySecondsAndHaproxyWaitsLonger() throws IOException {
    ReplicationSpec spec = (ReplicationSpec) ExperimentLoader.load(BUNDLED, CATALOG, BundledKinds.ALL).spec();

    assertThat(spec.scale("default").sessions().requestTimeoutMillis()).isEqualTo(60_000);
    assertThat(spec.balancer().serverTimeoutMillis()).isGreaterThanOrEqualTo(60_000);
    assertThat(spec.analysis().monolithApdex().value()).as("MON-1 behind HAProxy").isEqualTo(0.55);
    assertThat(spec.analysis().monolithEffectiveFailureRatio().value()).isEqualTo(0.4253);
    assertThat(spec.analysis().fullAcceptanceReplicaRatio()).isEqualTo(2.0);
  }

  @Test
  void everyRequestOfTheSplitVersionGoesThroughTheGatewayWhichSendsTheUsersStepsOnToTheRest() throws IOException {
    ReplicationSpec spec = (ReplicationSpec) ExperimentLoader.load(BUNDLED, CATALOG, BundledKinds.ALL).spec();
    ContainerSet split = ReplicationSets.of(CATALOG.app("quarkus"), CATALOG.mode("jvm"),
        new Configuration("MSA-2-4-4", null, 2, 4, 4, null, null), spec, spec.scale("default"), 100);

    assertThat(split.balancer().edgeRoutes()).isEmpty();
    assertThat(split.balancer().edgeDefault()).isEqualTo("gateway");
    SetService gateway = split.services().stream().filter(service -> service.name().equals("gateway")).findFirst()
        .orElseThrow();
    assertThat(gateway.environment()).containsEntry(NodeSpecs.USERS_URL_VARIABLE, "http://rest:8080");
    // In the balancer's configuration the rest is reached only by its name, the gateway's calls: the host's
    // requests, /users ones too, all go to the gateway.
    String haproxy = HaproxyConfigs.of(split);
    assertThat(haproxy).contains("  default_backend be_gateway\n").doesNotContain("path_beg");
    assertThat(haproxy.lines().filter(line -> line.contains("be_rest")))
        .containsExactly("  use_backend be_rest if host_rest", "backend be_rest");
  }

  @Test
  void theMonolithDoesTheWholeHeavyStepAndTheSplitGatewayPassesTheWorkersPartOn() throws IOException {
    ReplicationSpec spec = (ReplicationSpec) ExperimentLoader.load(BUNDLED, CATALOG, BundledKinds.ALL).spec();
    ContainerSet monolith = ReplicationSets.of(CATALOG.app("quarkus"), CATALOG.mode("jvm"),
        new Configuration("MON-2", 2, null, null, null, null, null), spec, spec.scale("default"), 100);
    ContainerSet split = ReplicationSets.of(CATALOG.app("quarkus"), CATALOG.mode("jvm"),
        new Configuration("MSA-1-4-1", null, 1, 4, 1, "dns", null), spec, spec.scale("default"), 100);

    assertThat(monolith.services()).singleElement().satisfies(app -> {
      assertThat(app.replicas()).isEqualTo(2);
      assertThat(app.cell().profile().cpus()).isEqualTo(CpuLimit.cores(spec.replica().cpus()));
      assertThat(node(app).at("/types/submit/workUnits").asInt()).isEqualTo(22);
    });
    assertThat(monolith.balancer().edgeDefault()).isEqualTo("app");
    assertThat(monolith.balancer().edgeRoutes()).isEmpty();
    assertThat(monolith.balancer().mode()).isEqualTo(BalancerSpec.Mode.HAPROXY);

    Map<String, SetService> services = new java.util.HashMap<>();
    split.services().forEach(service -> services.put(service.name(), service));
    assertThat(node(services.get("gateway")).at("/types/submit/workUnits").asInt()).isEqualTo(2);
    assertThat(node(services.get("gateway")).at("/types/submit/calls/0/service").asText()).isEqualTo("worker");
    assertThat(node(services.get("worker")).at("/types/submit/workUnits").asInt()).isEqualTo(20);
    assertThat(services.get("worker").replicas()).isEqualTo(4);
    assertThat(services.get("rest").environment()).doesNotContainKey(NodeSpecs.VARIABLE)
        .doesNotContainKey(NodeSpecs.USERS_URL_VARIABLE);
    assertThat(services.get("worker").environment()).doesNotContainKey(NodeSpecs.USERS_URL_VARIABLE);
    assertThat(split.balancer().edgeDefault()).isEqualTo("gateway");
    assertThat(split.balancer().mode()).isEqualTo(BalancerSpec.Mode.DNS);
    assertThat(split.services()).allSatisfy(service -> assertThat(service.cell().profile().cpus().cores())
        .isEqualTo(0.09));
  }

  private static JsonNode node(SetService service) throws IOException {
    return Json.MAPPER.readTree(service.environment().get(NodeSpecs.VARIABLE));
  }

  private Path write(String text) throws IOException {
    Path file = dir.resolve("replication.yaml");
    Files.writeString(file, text);
    return file;
  }
}
