package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForkJoinSimulationTest {

  private static final SimulationPlan PLAN = new SimulationPlan(10, 20, 300);

  /**
   * Each figure within its own 95 % interval of the exact value, but for one at most in the dozen (one in
   * twenty misses by design); every one within twice it.
   */
  @Test
  void withoutForksItAgreesWithMvaWithinItsIntervals() {
    ClosedNetwork network = AgainstExact.productForm();
    SimulatedSolution simulated = ForkJoinSimulation.run(RoutedNetwork.sequential(network), 11, PLAN);
    NetworkSolution exact = Mva.solve(network);
    AgainstExact against = AgainstExact.compare(simulated, exact);
    for (int k = 0; k < 3; k++) {
      for (int c = 0; c < 2; c++) {
        against.check("Q " + c + "@" + k, simulated.estimate().stations().get(k).perClass().get(c).queueLength(),
            simulated.halfWidth().stations().get(k).perClass().get(c).queueLength(),
            exact.stations().get(k).perClass().get(c).queueLength());
      }
    }
    assertThat(against.farOutside).isEmpty();
    assertThat(against.outside).hasSizeLessThanOrEqualTo(1);
    assertThat(simulated.replications()).isEqualTo(10);
    assertThat(simulated.responseHalfWidthSeconds("A")).as("a useful interval")
        .isLessThan(0.02 * simulated.responseSeconds("A"));
  }

  /**
   * One customer alone meets no queue: a request takes the gateway's time, then the longer of two
   * exponential branches, E[max] = D1 + D2 − 1 / (1/D1 + 1/D2) = 20 + 60 − 15 = 65 ms.
   */
  @Test
  void oneCustomerWaitsForTheSlowerBranchOnAverage() {
    ClosedNetwork network = ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("left")).station(Station.queue("right"))
        .customerClass("A", 1, 0.05, Map.of("gateway", 0.010, "left", 0.020, "right", 0.060)).build();
    RoutedNetwork routed = new RoutedNetwork(network, List.of(Route.of(Route.visit("gateway"),
        Route.fork(Route.through("left"), Route.through("right")))));
    SimulatedSolution simulated = ForkJoinSimulation.run(routed, 3, new SimulationPlan(10, 10, 1_000));
    assertThat(simulated.responseSeconds("A")).isCloseTo(0.075, within(2 * simulated.responseHalfWidthSeconds("A")));
    assertThat(simulated.throughputPerSecond("A"))
        .isCloseTo(1 / 0.125, within(2 * simulated.throughputHalfWidthPerSecond("A")));
  }

  /**
   * The study's gateway aggregation at 15 / 10 customers: each request is at least as slow as the gateway
   * plus its slowest branch on average, and faster than visiting the branches one after the other.
   */
  @Test
  void aForkJoinResponseLiesBetweenItsSlowestBranchAndAllBranchesInTurn() {
    StudyRows.Row row = StudyRows.read("gateway_aggregation-multi_n25.csv").rows().stream()
        .filter(candidate -> candidate.count("N_A") == 15).findFirst().orElseThrow();
    RoutedNetwork routed = StudyModels.gatewayAggregation(row);
    NetworkSolution simulated = ForkJoinSimulation.run(routed, 5, new SimulationPlan(5, 20, 200)).estimate();
    for (int c = 0; c < 2; c++) {
      ClassResult result = simulated.classes().get(c);
      double gateway = simulated.station("gateway").perClass().get(c).residenceSeconds();
      double slowestBranch = 0;
      double allBranches = 0;
      for (String branch : List.of("s1", "s2", "s3")) {
        double residence = simulated.station(branch).perClass().get(c).residenceSeconds();
        slowestBranch = Math.max(slowestBranch, residence);
        allBranches += residence;
      }
      assertThat(result.responseSeconds()).as(result.name()).isGreaterThan(gateway + slowestBranch)
          .isLessThan(gateway + allBranches);
    }
  }

  @Test
  void theSameSeedGivesTheSameSolutionAndAnotherSeedAnother() {
    RoutedNetwork routed = RoutedNetwork.sequential(AgainstExact.productForm());
    SimulationPlan plan = new SimulationPlan(3, 5, 30);
    assertThat(ForkJoinSimulation.run(routed, 1, plan)).isEqualTo(ForkJoinSimulation.run(routed, 1, plan));
    assertThat(ForkJoinSimulation.run(routed, 2, plan)).isNotEqualTo(ForkJoinSimulation.run(routed, 1, plan));
  }

  @Test
  void aClassWithNoCustomersIsSimulatedAsAbsent() {
    RoutedNetwork routed = RoutedNetwork.sequential(AgainstExact.productForm()).withPopulations(0, 3);
    SimulatedSolution simulated = ForkJoinSimulation.run(routed, 1, new SimulationPlan(3, 5, 30));
    assertThat(simulated.throughputPerSecond("A")).isZero();
    assertThat(simulated.responseSeconds("A")).isNaN();
    assertThat(simulated.throughputPerSecond("B")).isPositive();
  }

  @Test
  void aRouteMustVisitEveryStationWhereItsClassHasDemandAndNoOther() {
    ClosedNetwork network = AgainstExact.productForm();
    assertThatThrownBy(() -> new RoutedNetwork(network, List.of(Route.through("gateway", "cpu"),
        Route.through("gateway", "cpu"))))
        .hasMessage("class A has a demand of 0.005 s at wire but its route never visits it");
    assertThatThrownBy(() -> new RoutedNetwork(network, List.of(Route.through("gateway", "cpu", "wire"),
        Route.through("gateway", "cpu", "wire"))))
        .hasMessage("class B's route visits wire, where the class has no demand");
    assertThatThrownBy(() -> new RoutedNetwork(network, List.of(Route.through("gateway", "cpu", "wire", "disk"),
        Route.through("gateway", "cpu")))).hasMessageStartingWith("class A's route: no station disk");
    assertThatThrownBy(() -> Route.fork(Route.through("cpu"))).hasMessageContaining("two branches or more");
    assertThatThrownBy(() -> new SimulationPlan(1, 0, 10)).hasMessageContaining("at least 2 replications");
  }

  /** A class's demand is split over its route's visits: two visits of 10 ms each to a 20 ms demand. */
  @Test
  void aStationVisitedTwiceServesHalfTheDemandEachTime() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu")).station(Station.queue("db"))
        .customerClass("A", 4, 0.1, Map.of("cpu", 0.020, "db", 0.030)).build();
    RoutedNetwork twice = new RoutedNetwork(network, List.of(Route.through("cpu", "db", "cpu")));
    assertThat(twice.serviceSecondsPerVisit(0, 0)).isEqualTo(0.010);
    SimulatedSolution simulated = ForkJoinSimulation.run(twice, 9, PLAN);
    assertThat(simulated.responseSeconds("A")).isCloseTo(Mva.solve(network).responseSeconds("A"),
        within(2 * simulated.responseHalfWidthSeconds("A")));
  }
}
