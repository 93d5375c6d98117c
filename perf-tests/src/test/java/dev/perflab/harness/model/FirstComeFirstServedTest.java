package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Stations that serve first come, first served, simulated: where they part from processor sharing, and where not. */
class FirstComeFirstServedTest {

  private static final SimulationPlan PLAN = new SimulationPlan(10, 20, 300);

  /**
   * A long and a short request at one server, no think time: in arrival order the server alternates between
   * them, so each waits out the other's service and both take 1.0 + 0.1 = 1.1 s. Shared, the short one is
   * served beside the long one: MVA gives 2.0 s and 0.2 s (each sees the other always there).
   */
  @Test
  void inArrivalOrderTheShortRequestWaitsOutTheLongOne() {
    SimulatedSolution inOrder = ForkJoinSimulation.run(RoutedNetwork.sequential(longAndShort(
        Station.inArrivalOrder("cpu", 1))), 7, PLAN);
    for (String type : new String[] {"long", "short"}) {
      assertThat(inOrder.responseSeconds(type)).as(type)
          .isCloseTo(1.1, within(2 * inOrder.responseHalfWidthSeconds(type)));
      assertThat(inOrder.responseHalfWidthSeconds(type)).as("narrow beside 2.0 and 0.2").isLessThan(0.1);
    }
    assertThat(inOrder.utilisation("cpu")).isCloseTo(1.0, within(1e-9));

    SimulatedSolution shared = ForkJoinSimulation.run(RoutedNetwork.sequential(longAndShort(Station.queue("cpu"))),
        7, PLAN);
    NetworkSolution exact = Mva.solve(longAndShort(Station.queue("cpu")));
    assertThat(exact.responseSeconds("long")).isCloseTo(2.0, within(1e-9));
    assertThat(exact.responseSeconds("short")).isCloseTo(0.2, within(1e-9));
    for (String type : new String[] {"long", "short"}) {
      assertThat(shared.responseSeconds(type)).as(type).isCloseTo(exact.responseSeconds(type),
          within(2 * shared.responseHalfWidthSeconds(type)));
    }
  }

  /**
   * One class, exponential service: c servers in arrival order serve min(n, c) at a time at full speed, the
   * load-dependent station MVA solves, so the two agree within the simulation's interval.
   */
  @Test
  void withOneClassItAgreesWithMvasMultiServerStation() {
    ClosedNetwork exactNetwork = ClosedNetwork.builder().station(Station.queue("cpu", 2)).station(Station.delay("wire"))
        .customerClass("A", 6, 0.1, Map.of("cpu", 0.050, "wire", 0.010)).build();
    ClosedNetwork inOrderNetwork = ClosedNetwork.builder().station(Station.inArrivalOrder("cpu", 2))
        .station(Station.delay("wire")).customerClass("A", 6, 0.1, Map.of("cpu", 0.050, "wire", 0.010)).build();

    SimulatedSolution simulated = ForkJoinSimulation.run(RoutedNetwork.sequential(inOrderNetwork), 3, PLAN);
    NetworkSolution exact = Mva.solve(exactNetwork);

    assertThat(simulated.responseSeconds("A")).isCloseTo(exact.responseSeconds("A"),
        within(2 * simulated.responseHalfWidthSeconds("A")));
    assertThat(simulated.throughputPerSecond("A")).isCloseTo(exact.throughputPerSecond("A"),
        within(2 * simulated.throughputHalfWidthPerSecond("A")));
    assertThat(simulated.utilisation("cpu")).isCloseTo(exact.utilisation("cpu"),
        within(2 * simulated.utilisationHalfWidth("cpu")));
  }

  @Test
  void mvaRefusesAStationInArrivalOrder() {
    assertThatThrownBy(() -> Mva.solve(longAndShort(Station.inArrivalOrder("cpu", 1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("station cpu serves first come, first served").hasMessageContaining("simulate it");
  }

  private static ClosedNetwork longAndShort(Station cpu) {
    return ClosedNetwork.builder().station(cpu)
        .customerClass("long", 1, 0, Map.of("cpu", 1.0))
        .customerClass("short", 1, 0, Map.of("cpu", 0.1)).build();
  }
}
