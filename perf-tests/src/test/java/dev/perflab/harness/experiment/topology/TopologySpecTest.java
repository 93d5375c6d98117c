package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.node.NodeSpecs;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A topology file is refused before anything starts when its requests could not be served or its quotas not fit. */
class TopologySpecTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();
  private static final Path OFFLOADING = Path.of("../experiments/topology-offloading.yaml");

  @TempDir
  Path dir;

  @Test
  void aCallToAServiceTheVariantLacksIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> variant(
        service("gw", 0.25, Map.of("a", work(0, false, "s9")))).checkServes(List.of("a", "b")))
        .withMessageContaining("variant 'v' has no service 's9'; it has [gw]");
  }

  @Test
  void aCallForATypeTheCalleeDoesNotServeIsRefused() {
    TopologyVariant variant = variant(service("gw", 0.25, Map.of("a", work(0, false, "s1"), "b", work(0, false))),
        service("s1", 0.25, Map.of("b", work(3, false))));

    assertThatIllegalArgumentException().isThrownBy(() -> variant.checkServes(List.of("a", "b")))
        .withMessage("variant 'v': 'gw' calls 's1' for type 'a', which it does not serve; it serves [b]");
  }

  @Test
  void aRequestThatComesBackToAServiceItPassedIsRefused() {
    TopologyVariant variant = variant(service("gw", 0.25, Map.of("a", work(0, false, "s1"), "b", work(0, false))),
        service("s1", 0.25, Map.of("a", work(1, false, "gw"))));

    assertThatIllegalArgumentException().isThrownBy(() -> variant.checkServes(List.of("a", "b")))
        .withMessageContaining("a request of type 'a' comes back to 'gw' (gw/a -> s1/a -> gw/a)");
  }

  @Test
  void anEntryThatDoesNotServeATypeIsRefused() {
    TopologyVariant variant = variant(service("gw", 0.25, Map.of("a", work(0, false))));

    assertThatIllegalArgumentException().isThrownBy(() -> variant.checkServes(List.of("a", "b")))
        .withMessage("variant 'v': the entry service 'gw' does not serve request type 'b'; it serves [a]");
  }

  @Test
  void aTopologyWhoseQuotasDoNotFitTheMeasuredCpusIsRefusedWithTheSums() throws IOException {
    String text = Files.readString(OFFLOADING).replace("{name: s3, cpus: 0.25, cfsPeriodMillis: 10, memoryMebibytes: 384,"
        + " types: {monitoring: {workUnits: 15}}}", "{name: s3, cpus: 0.5, cfsPeriodMillis: 10, memoryMebibytes: 384,"
        + " types: {monitoring: {workUnits: 15}}}");
    Path file = dir.resolve("offloading.yaml");
    Files.writeString(file, text);

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("topology.variants")
        .hasMessageContaining("asks for 1.25 CPU in CPU quotas (gw: 0.25 CPU x 1 = 0.25 CPU; s1: 0.25 CPU x 1 = 0.25"
            + " CPU; s2: 0.25 CPU x 1 = 0.25 CPU; s3: 0.5 CPU x 1 = 0.5 CPU) but measures on 1 CPU");
  }

  @Test
  void eachServiceIsTheAppUnderItsQuotaAndPeriodToldItsPartAsNodeSpec() throws IOException {
    TopologySpec spec = (TopologySpec) ExperimentLoader.load(OFFLOADING, CATALOG, BundledKinds.ALL).spec();
    TopologyVariant w5 = spec.variant("w5");

    ContainerSet set = TopologySets.of(CATALOG.app("quarkus"), CATALOG.mode("jvm"), w5, 1234, 0);

    assertThat(set.id()).isEqualTo("quarkus/jvm/w5 #1");
    assertThat(set.services()).extracting(service -> service.name()).containsExactly("gw", "s1", "s2", "s3");
    var gw = set.services().getFirst();
    assertThat(gw.cfsPeriod().toMillis()).isEqualTo(10);
    assertThat(gw.cell().profile().cpus().cores()).isEqualTo(0.25);
    var spec0 = Json.MAPPER.readTree(gw.environment().get(NodeSpecs.VARIABLE));
    assertThat(spec0.path("service").asText()).isEqualTo("gw");
    assertThat(spec0.path("unitIterations").asLong()).isEqualTo(1234);
    assertThat(spec0.path("types").path("dashboard").path("workUnits").asInt()).isEqualTo(5);
    assertThat(spec0.path("types").path("dashboard").path("calls").get(0).path("service").asText()).isEqualTo("s1");
    assertThat(spec0.path("types").path("dashboard").path("calls").get(0).has("type")).isFalse();
    assertThat(spec0.path("types").path("monitoring").path("parallel").asBoolean()).isFalse();
  }

  @Test
  void oneFrameworksDefaultSweepIsEstimatedAtItsLaunchesAndTheUnitsCalibration() throws IOException {
    TopologySpec spec = (TopologySpec) ExperimentLoader.load(OFFLOADING, CATALOG, BundledKinds.ALL).spec();

    // 3 variants x 2 launches of at most 20 + 60 + (6 rounds + 2) x 2 types x 6 + 6 x 16 = 272 s, and to
    // calibrate 8 s of launch, 1 s of warm-up at one round, then 5 s each (as long as a demand's count) at many
    // rounds, at one and at many: 27.6 min at most.
    assertThat(spec.estimate("default", List.of("quarkus"))).hasSeconds(24 + 6 * 272);
    assertThat(spec.estimate("default")).hasSeconds(4 * (24 + 6 * 272));
  }

  @Test
  void eachRequestDrawsItsTypeWhenTheFileLeavesTheDrawOutAndEachUserKeepsOneWhenItSaysPerUser() throws IOException {
    TopologySpec bundled = (TopologySpec) ExperimentLoader.load(OFFLOADING, CATALOG, BundledKinds.ALL).spec();
    TopologySpec perUser = (TopologySpec) ExperimentLoader.load(withTypeDraw("per-user"), CATALOG, BundledKinds.ALL)
        .spec();

    assertThat(bundled.typeDraw()).isEqualTo(TypeDraw.PER_REQUEST);
    assertThat(perUser.typeDraw()).isEqualTo(TypeDraw.PER_USER);
  }

  @Test
  void aTypeDrawTheFileCannotMeanIsRefusedWithTheFileLineAndField() throws IOException {
    Path file = withTypeDraw("per-session");
    int line = Files.readAllLines(file).indexOf("  typeDraw: per-session") + 1;

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessage(file + " line " + line + ", field 'topology.typeDraw': expected one of [per-request, per-user],"
            + " got 'per-session'");
  }

  /** The bundled offloading file with {@code typeDraw: <value>} under its study population. */
  private Path withTypeDraw(String value) throws IOException {
    String text = Files.readString(OFFLOADING);
    assertThat(text).contains("\n  studyUsers: 16\n");
    Path file = dir.resolve("offloading-" + value + ".yaml");
    Files.writeString(file, text.replace("\n  studyUsers: 16\n", "\n  studyUsers: 16\n  typeDraw: " + value + "\n"));
    return file;
  }

  private static TopologyVariant variant(TopologyService... services) {
    return new TopologyVariant("v", services[0].name(), null, List.of(services));
  }

  static TopologyService service(String name, double cpus, Map<String, NodeWork> types) {
    return new TopologyService(name, cpus, 10, 256, null, types);
  }

  static NodeWork work(int units, boolean parallel, String... calls) {
    return new NodeWork(units, null, parallel, java.util.Arrays.stream(calls).map(call -> new NodeCall(call, null))
        .toList());
  }
}
