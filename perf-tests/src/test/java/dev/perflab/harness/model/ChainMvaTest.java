package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Customers who draw their class at every request: one chain, solved by MVA as a single class of the mix-weighted
 * demands, each class's figures from it; and simulated, which agrees with it.
 */
class ChainMvaTest {

  /** A at s1 only (10 ms), B at s2 only (20 ms), no think time. */
  private static final ClosedNetwork TWO_LINES = ClosedNetwork.builder()
      .station(Station.queue("s1")).station(Station.queue("s2"))
      .customerClass("A", 0, 0, Map.of("s1", 0.010))
      .customerClass("B", 0, 0, Map.of("s2", 0.020))
      .build();

  /**
   * Worked by hand: the chain's demands are 5 ms at s1 and 10 ms at s2. One customer: R = 15 ms, X = 66.7/s, so
   * Q1 = 1/3 and Q2 = 2/3. Two: R1 = 5 · 4/3 = 6.67 ms, R2 = 10 · 5/3 = 16.67 ms, X = 2 / 23.33 ms = 85.71/s, each
   * class half of it. A request of A stays 4/3 of its demand at s1 (13.33 ms), one of B 5/3 of its at s2 (33.33 ms).
   * With one customer of each class kept, neither would meet the other: 100/s of A at 10 ms, 50/s of B at 20 ms.
   */
  @Test
  void twoCustomersDrawingEitherLineEvenlyMatchTheWorkedNumbers() {
    NetworkSolution chain = ChainMva.solve(TWO_LINES, new ClassDraw(2, List.of(0.5, 0.5)));

    assertThat(chain.throughputPerSecond("A")).isCloseTo(42.857, within(1e-3));
    assertThat(chain.throughputPerSecond("B")).isCloseTo(42.857, within(1e-3));
    assertThat(chain.responseSeconds("A")).isCloseTo(0.013333, within(1e-6));
    assertThat(chain.responseSeconds("B")).isCloseTo(0.033333, within(1e-6));
    assertThat(chain.meanResponseSeconds()).isCloseTo(0.023333, within(1e-6));
    assertThat(chain.utilisation("s1")).isCloseTo(0.42857, within(1e-5));
    assertThat(chain.utilisation("s2")).isCloseTo(0.85714, within(1e-5));
    assertThat(chain.station("s1").perClass().get(0).queueLength()).isCloseTo(42.857 * 0.013333, within(1e-3));
    assertThat(chain.station("s1").perClass().get(1).queueLength()).isZero();
    NetworkSolution kept = Mva.solve(TWO_LINES.withPopulations(1, 1));
    assertThat(kept.throughputPerSecond("A")).isCloseTo(100, within(1e-9));
    assertThat(kept.throughputPerSecond("B")).isCloseTo(50, within(1e-9));
  }

  /**
   * A class never drawn has no throughput and a NaN response, and the chain is then the other class alone: the
   * multi-class MVA of its population, at a two-server station and a delay too.
   */
  @Test
  void aChainThatAlwaysDrawsOneClassIsThatClassAlone() {
    ClosedNetwork network = AgainstExact.productForm();

    NetworkSolution chain = ChainMva.solve(network, new ClassDraw(7, List.of(1.0, 0.0)));
    NetworkSolution alone = Mva.solve(network.withPopulations(7, 0));

    assertThat(chain.throughputPerSecond("A")).isCloseTo(alone.throughputPerSecond("A"), within(1e-9));
    assertThat(chain.responseSeconds("A")).isCloseTo(alone.responseSeconds("A"), within(1e-12));
    assertThat(chain.utilisation("cpu")).isCloseTo(alone.utilisation("cpu"), within(1e-12));
    assertThat(chain.throughputPerSecond("B")).isZero();
    assertThat(chain.responseSeconds("B")).isNaN();
  }

  /**
   * The chain simulated, each customer drawing its class at every request from its own stream, against the chain
   * solved: each figure within its own 95 % interval of the exact value but for one at most, every one within
   * twice it. Each class's throughput is its probability of the chain's.
   */
  @Test
  void simulatedWithDrawsItAgreesWithTheChainWithinItsIntervals() {
    ClosedNetwork network = AgainstExact.productForm();
    ClassDraw draw = new ClassDraw(9, List.of(0.3, 0.7));
    SimulatedSolution simulated = ForkJoinSimulation.run(RoutedNetwork.sequential(network).withClassDraw(draw), 11,
        new SimulationPlan(10, 20, 300));
    NetworkSolution exact = ChainMva.solve(network, draw);
    AgainstExact against = AgainstExact.compare(simulated, exact);

    assertThat(against.farOutside).isEmpty();
    assertThat(against.outside).hasSizeLessThanOrEqualTo(1);
    assertThat(exact.throughputPerSecond("A") / exact.totalThroughputPerSecond()).isCloseTo(0.3, within(1e-12));
    assertThat(simulated.throughputPerSecond("A") / simulated.estimate().totalThroughputPerSecond())
        .isCloseTo(0.3, within(0.01));
  }

  @Test
  void theSameSeedDrawsTheSameChain() {
    RoutedNetwork routed =
        RoutedNetwork.sequential(AgainstExact.productForm()).withClassDraw(new ClassDraw(5, List.of(0.4, 0.6)));
    SimulationPlan plan = new SimulationPlan(3, 5, 50);

    assertThat(ForkJoinSimulation.run(routed, 7, plan)).isEqualTo(ForkJoinSimulation.run(routed, 7, plan));
  }

  @Test
  void probabilitiesThatDoNotSumToOneOrMissAClassAreRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> new ClassDraw(4, List.of(0.3, 0.6)))
        .withMessageContaining("must sum to 1");
    assertThatIllegalArgumentException().isThrownBy(() -> ChainMva.solve(TWO_LINES, new ClassDraw(4, List.of(1.0))))
        .withMessage("1 class probabilities for 2 classes");
  }
}
