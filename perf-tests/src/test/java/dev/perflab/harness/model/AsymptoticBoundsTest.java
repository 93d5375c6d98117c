package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AsymptoticBoundsTest {

  /** 200 networks drawn at random (seeded): 1 to 3 classes, 1 to 4 stations of every kind. */
  @Test
  void everyMvaSolutionKeepsItsBounds() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      ClosedNetwork network = randomNetwork(random);
      assertThat(AsymptoticBounds.of(network).breaches(Mva.solve(network), 1e-9)).as("%s", network).isEmpty();
    }
  }

  @Test
  void everyStudyModelKeepsItsBounds() {
    for (StudyRows.Row row : StudyRows.read("gateway_offloading-multi_n25.csv").rows()) {
      ClosedNetwork network = StudyModels.gatewayOffloading(row);
      assertThat(AsymptoticBounds.of(network).breaches(Mva.solve(network), 1e-9)).as("%s", row).isEmpty();
    }
    for (StudyRows.Row row : StudyRows.read("pipes_and_filters-joint-core2_n50.csv").rows()) {
      ClosedNetwork network = StudyModels.pipesAndFiltersJoint(row);
      assertThat(AsymptoticBounds.of(network).breaches(Mva.solve(network), 1e-9)).as("%s", row).isEmpty();
    }
  }

  /** D = 30 ms over three stations, D_max = 20 ms, Z = 100 ms: N* = (D + Z) / D_max = 6.5. */
  @Test
  void oneCustomerMeetsTheLightLoadBoundAndManyTheBottleneckBound() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("a")).station(Station.queue("b"))
        .station(Station.queue("c", 2))
        .customerClass("users", 1, 0.100, Map.of("a", 0.020, "b", 0.004, "c", 0.006)).build();
    AsymptoticBounds.ClassBounds one = AsymptoticBounds.of(network).of("users");
    assertThat(one.maxDemandPerServerSeconds()).isEqualTo(0.020);
    NetworkSolution alone = Mva.solve(network);
    assertThat(alone.throughputPerSecond("users")).isCloseTo(1 / 0.130, within(1e-12));
    assertThat(alone.responseSeconds("users")).isCloseTo(one.minResponseSeconds(), within(1e-12));

    ClosedNetwork crowded = network.withPopulations(200);
    AsymptoticBounds.ClassBounds many = AsymptoticBounds.of(crowded).of("users");
    NetworkSolution saturated = Mva.solve(crowded);
    assertThat(many.maxThroughputPerSecond()).isEqualTo(1 / 0.020);
    assertThat(saturated.throughputPerSecond("users")).isCloseTo(50, within(50 * 0.001));
    assertThat(saturated.responseSeconds("users")).isCloseTo(many.minResponseSeconds(),
        within(many.minResponseSeconds() * 0.01));
    assertThat(saturated.bottleneck().name()).isEqualTo("a");
  }

  @Test
  void aBreachIsNamed() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("users", 10, 0, Map.of("cpu", 0.010)).build();
    NetworkSolution tooFast = new NetworkSolution(List.of(new ClassResult("users", 10, 150, 0.05)),
        List.of(new StationResult(Station.queue("cpu"), 1.5, 1.5, List.of(new StationClassResult(1.5, 0.05, 7.5)))));
    assertThat(AsymptoticBounds.of(network).breaches(tooFast, 0.01))
        .anySatisfy(breach -> assertThat(breach).startsWith("users: throughput 150.0/s above its bound 100.0/s"))
        .anySatisfy(breach -> assertThat(breach).startsWith("cpu: utilisation 1.5"));
  }

  private static ClosedNetwork randomNetwork(Random random) {
    ClosedNetwork.Builder builder = ClosedNetwork.builder();
    int stations = 1 + random.nextInt(4);
    List<String> names = new ArrayList<>();
    for (int k = 0; k < stations; k++) {
      String name = "s" + k;
      names.add(name);
      builder.station(switch (random.nextInt(3)) {
        case 0 -> Station.delay(name);
        case 1 -> Station.queue(name, 2 + random.nextInt(3));
        default -> Station.queue(name);
      });
    }
    int classes = 1 + random.nextInt(3);
    for (int c = 0; c < classes; c++) {
      Map<String, Double> demands = new LinkedHashMap<>();
      for (String name : names) {
        if (random.nextInt(4) > 0) {
          demands.put(name, 0.001 + random.nextDouble() * 0.05);
        }
      }
      double think = random.nextBoolean() ? 0 : random.nextDouble() * 0.2;
      if (demands.isEmpty() && think == 0) {
        think = 0.1;
      }
      builder.customerClass("c" + c, random.nextInt(classes == 3 ? 8 : 16), think, demands);
    }
    return builder.build();
  }
}
