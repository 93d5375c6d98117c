package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.experiment.topology.TopologySpecTest.service;
import static dev.perflab.harness.experiment.topology.TopologySpecTest.work;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The utilisation law against rows written by hand: type a costs s1 5 ms and s2 4 ms, type b s1 3 ms, each
 * service under a quarter of a core.
 */
class DemandCheckTest {

  private static final TopologySpec SPEC = spec();

  @Test
  void workIsSetAgainstWhatTheCountedDemandsMakeOfTheMeasuredThroughput() {
    // 20 a and 30 b per second: s1 (20 × 5 + 30 × 3) ms per s over a quarter core = 0.76, s2 20 × 4 / 250 = 0.32.
    TopologyData data = data(List.of(
        serviceRow(0, 0.5, "s1", 0.76 * 1.10, 0.025), serviceRow(0, 0.5, "s2", 0.32, 0.0),
        serviceRow(1, 0.5, "s1", 0.76 * 1.20, 0.05), serviceRow(1, 0.5, "s2", 0.32 * 0.96, 0.0),
        serviceRow(0, 0.0, "s1", 0.36, 0.0), serviceRow(0, 0.0, "s2", 0.01, 0.0)));

    List<TopologyDemandCheck> checks = DemandCheck.of(data, SPEC, app -> NodeScheduling.TIME_SLICED);

    TopologyDemandCheck s1 = checks.getFirst();
    assertThat(s1.service()).isEqualTo("s1");
    assertThat(s1.mixes()).containsExactly(0.0, 0.5);
    assertThat(s1.workOverCounted().get(1)).as("the median of 1.10 and 1.20").isCloseTo(1.15, within(1e-9));
    assertThat(s1.compilerUtilisation().get(1)).as("0.025 and 0.05 cores of 0.25").isCloseTo(0.15, within(1e-9));
    // At p = 0 only b: 30 × 3 ms per s over a quarter core, 0.36.
    assertThat(s1.workOverCounted().getFirst()).isCloseTo(1.0, within(1e-9));
    TopologyDemandCheck s2 = checks.getLast();
    // b's CPU at s2, which its calls never reach (idle threads'), is left out as the model leaves it out.
    assertThat(s2.workOverCounted().get(1)).isCloseTo(0.98, within(1e-9));
    assertThat(s2.workOverCounted().getFirst()).as("expected idle: no ratio").isNull();
  }

  @Test
  void pointsMeasuredBeforeTheCompilerWasReadHaveNoCheck() {
    TopologyData data = data(List.of(new TopologyServiceRow("quarkus", "jvm", "v", 0, 0.5, "s1", 0.25, 0.19, null,
        0.76, null, 0.8, 0.0, 1L, 10.0)));

    assertThat(DemandCheck.of(data, SPEC, app -> NodeScheduling.TIME_SLICED)).isEmpty();
  }

  private static TopologyServiceRow serviceRow(int launch, double mix, String name, double work, double compilerCores) {
    double cores = work * 0.25 + compilerCores;
    return new TopologyServiceRow("quarkus", "jvm", "v", launch, mix, name, 0.25, cores, compilerCores, cores / 0.25,
        work, null, 0.0, 1L, 10.0);
  }

  private static TopologyData data(List<TopologyServiceRow> services) {
    List<TopologyDemandRow> demands = new ArrayList<>();
    List<TopologyMixRow> mixes = new ArrayList<>();
    for (int launch = 0; launch < 2; launch++) {
      demands.add(demand(launch, "a", "s1", 5));
      demands.add(demand(launch, "a", "s2", 4));
      demands.add(demand(launch, "b", "s1", 3));
      demands.add(demand(launch, "b", "s2", 0.1));
      for (double mix : List.of(0.0, 0.5)) {
        mixes.add(mix(launch, mix, "a", mix == 0 ? 0 : 20));
        mixes.add(mix(launch, mix, "b", 30));
      }
    }
    return new TopologyData(demands, mixes, services, List.of());
  }

  private static TopologyDemandRow demand(int launch, String type, String service, double cpuMillis) {
    return new TopologyDemandRow("quarkus", "jvm", "v", launch, TopologyDemandRow.BEFORE, 2, true, type, service, 1000,
        100, cpuMillis, 0.5, cpuMillis / 0.25, 20.0, 19.0, 22.0);
  }

  private static TopologyMixRow mix(int launch, double mix, String type, double throughput) {
    return new TopologyMixRow("quarkus", "jvm", "v", launch, mix, type, 8, (long) throughput * 12, 0, throughput,
        100.0, 90.0, 200.0, 100.0, throughput, 100.0, null);
  }

  private static TopologySpec spec() {
    TopologyVariant variant = new TopologyVariant("v", "s1", null, List.of(
        service("s1", 0.25, Map.of("a", work(10, false, "s2"), "b", work(6, false))),
        service("s2", 0.25, Map.of("a", work(8, false)))));
    TopologyScale scale = new TopologyScale(List.of("quarkus"), "jvm", null, 4, 0, List.of(0.0, 0.5), 0, 1, 1, 1, 0,
        1, 1);
    return new TopologySpec(List.of("a", "b"), 0.5, 16, null, List.of(variant),
        new TopologyAnalysis(null, null, null, null,
            new TopologyAnalysis.ModelAgrees(new StudyFigure(0.78, "a test"), null)), Map.of("default", scale,
        "smoke", scale));
  }
}
