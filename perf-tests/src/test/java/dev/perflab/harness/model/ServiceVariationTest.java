package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How much a visit's service time varies, simulated: it moves a first-come-first-served pipeline a long way and
 * leaves processor sharing where MVA puts it.
 */
class ServiceVariationTest {

  private static final SimulationPlan PLAN = new SimulationPlan(10, 20, 300);

  /**
   * Two stations in arrival order, 0.1 s a visit each, two customers, no think time. Exponential, they are
   * the balanced network MVA solves: each station busy N / (N + K − 1) = 2/3 of the time. Nearly fixed
   * (coefficient of variation 0.1), the two customers fall into step, one at each station, and keep both
   * busy nearly all the time: the pipeline a fixed amount of work per request makes.
   */
  @Test
  void aPipelineInArrivalOrderWithLittleVariationStaysBusy() {
    ClosedNetwork pipeline = ClosedNetwork.builder().station(Station.inArrivalOrder("s1", 1))
        .station(Station.inArrivalOrder("s2", 1)).customerClass("A", 2, 0, Map.of("s1", 0.1, "s2", 0.1)).build();
    Route route = Route.through("s1", "s2");

    SimulatedSolution exponential = ForkJoinSimulation.run(new RoutedNetwork(pipeline, List.of(route)), 11, PLAN);
    SimulatedSolution steady =
        ForkJoinSimulation.run(new RoutedNetwork(pipeline, List.of(route), List.of(0.1)), 11, PLAN);

    assertThat(exponential.utilisation("s1")).isCloseTo(2.0 / 3, within(2 * exponential.utilisationHalfWidth("s1")
        + 0.01));
    assertThat(steady.utilisation("s1")).isGreaterThan(0.9);
    assertThat(steady.throughputPerSecond("A")).isGreaterThan(9.0);
  }

  /**
   * Processor sharing and delay stations are insensitive to the service distribution: with gamma service
   * times (coefficient of variation 0.3) the simulation still agrees with MVA, which knows only the means.
   */
  @Test
  void processorSharingStaysWhereMvaPutsItWhateverTheVariation() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu")).station(Station.queue("disk"))
        .station(Station.delay("wire"))
        .customerClass("A", 4, 0.05, Map.of("cpu", 0.030, "disk", 0.020, "wire", 0.010))
        .customerClass("B", 3, 0.05, Map.of("cpu", 0.010, "disk", 0.040, "wire", 0.010)).build();
    RoutedNetwork sequential = RoutedNetwork.sequential(network);

    SimulatedSolution simulated = ForkJoinSimulation.run(
        new RoutedNetwork(network, sequential.routes(), List.of(0.3, 0.3)), 5, PLAN);
    NetworkSolution exact = Mva.solve(network);

    for (String type : new String[] {"A", "B"}) {
      assertThat(simulated.responseSeconds(type)).as(type).isCloseTo(exact.responseSeconds(type),
          within(3 * simulated.responseHalfWidthSeconds(type)));
    }
    assertThat(simulated.utilisation("disk")).isCloseTo(exact.utilisation("disk"),
        within(3 * simulated.utilisationHalfWidth("disk")));
  }

  /** A fixed time (variation 0): one customer alone goes round in exactly its visits' times. */
  @Test
  void withNoVariationAVisitTakesItsMean() {
    ClosedNetwork alone = ClosedNetwork.builder().station(Station.inArrivalOrder("s1", 1)).station(Station.queue("s2"))
        .customerClass("A", 1, 0, Map.of("s1", 0.3, "s2", 0.2)).build();

    SimulatedSolution fixed = ForkJoinSimulation.run(
        new RoutedNetwork(alone, List.of(Route.through("s1", "s2")), List.of(0.0)), 1, PLAN);

    assertThat(fixed.responseSeconds("A")).isCloseTo(0.5, within(1e-9));
    assertThat(fixed.utilisation("s1")).isCloseTo(0.6, within(0.01));
  }

  @Test
  void aVariationIsOnePerClassAndNotNegative() {
    ClosedNetwork one = ClosedNetwork.builder().station(Station.queue("s1"))
        .customerClass("A", 1, 0, Map.of("s1", 0.1)).build();
    List<Route> routes = List.of(Route.through("s1"));

    assertThatThrownBy(() -> new RoutedNetwork(one, routes, List.of(1.0, 1.0)))
        .hasMessageContaining("2 service variations for 1 classes");
    assertThatThrownBy(() -> new RoutedNetwork(one, routes, List.of(-0.5)))
        .hasMessageContaining("class A").hasMessageContaining("a finite 0 or more, not -0.5");
    assertThat(new RoutedNetwork(one, routes).withPopulations(3).serviceVariation()).containsExactly(1.0);
  }
}
