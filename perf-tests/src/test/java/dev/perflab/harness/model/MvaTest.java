package dev.perflab.harness.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MvaTest {

  /** A CPU (0.2 s a request) and a disk (0.1 s), 1 s of think time: small enough to do by hand. */
  private static ClosedNetwork cpuAndDisk(int customers) {
    return ClosedNetwork.builder().station(Station.queue("cpu")).station(Station.queue("disk"))
        .customerClass("users", customers, 1.0, Map.of("cpu", 0.2, "disk", 0.1)).build();
  }

  /**
   * By hand: N = 1: R = 0.2 + 0.1, X = 1 / 1.3, Q = (2/13, 1/13). N = 2: R = 0.2·15/13 + 0.1·14/13 =
   * 4.4/13, X = 2 / (1 + 4.4/13) = 26/17.4, Q = (6/17.4, 2.8/17.4). N = 3: R = 0.2·23.4/17.4 +
   * 0.1·20.2/17.4 = 6.7/17.4, X = 3 / (1 + 6.7/17.4) = 52.2/24.1.
   */
  @Test
  void singleClassMatchesTheHandComputedRecursion() {
    NetworkSolution one = Mva.solve(cpuAndDisk(1));
    assertThat(one.responseSeconds("users")).isCloseTo(0.3, within(1e-12));
    assertThat(one.throughputPerSecond("users")).isCloseTo(1 / 1.3, within(1e-12));
    assertThat(one.station("cpu").queueLength()).isCloseTo(2.0 / 13, within(1e-12));

    NetworkSolution two = Mva.solve(cpuAndDisk(2));
    assertThat(two.responseSeconds("users")).isCloseTo(4.4 / 13, within(1e-12));
    assertThat(two.throughputPerSecond("users")).isCloseTo(26 / 17.4, within(1e-12));
    assertThat(two.station("disk").queueLength()).isCloseTo(2.8 / 17.4, within(1e-12));

    NetworkSolution three = Mva.solve(cpuAndDisk(3));
    assertThat(three.responseSeconds("users")).isCloseTo(6.7 / 17.4, within(1e-12));
    assertThat(three.throughputPerSecond("users")).isCloseTo(52.2 / 24.1, within(1e-12));
    assertThat(three.station("cpu").perClass().getFirst().residenceSeconds()).isCloseTo(4.68 / 17.4, within(1e-12));
    assertThat(three.utilisation("cpu")).isCloseTo(0.2 * 52.2 / 24.1, within(1e-12));
    assertThat(three.bottleneck().name()).isEqualTo("cpu");
  }

  /**
   * Many customers each thinking long, N / Z = λ fixed: the station sees Poisson arrivals, so its
   * response tends to the open M/M/1's D / (1 − λD): at λ = 50/s and D = 10 ms, 20 ms.
   */
  @Test
  void manyCustomersThinkingLongBehaveLikeAnOpenMm1Queue() {
    int customers = 1_000;
    double lambda = 50;
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("users", customers, customers / lambda, Map.of("cpu", 0.010)).build();
    NetworkSolution solution = Mva.solve(network);
    assertThat(solution.responseSeconds("users")).isCloseTo(0.020, within(0.020 * 0.005));
    assertThat(solution.utilisation("cpu")).isCloseTo(0.5, within(0.001));
  }

  /**
   * The same with two servers of 20 ms each at λ = 50/s (a = 1 server busy): the M/M/2's Erlang C is
   * 1/3, so R = D + C·D / (c − a) = 20 ms + 6.67 ms. Processor sharing over c servers has the same
   * number-in-system process as M/M/c, so the same mean.
   */
  @Test
  void twoServersInTheOpenLimitGiveTheMm2Response() {
    int customers = 1_000;
    double lambda = 50;
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu", 2))
        .customerClass("users", customers, customers / lambda, Map.of("cpu", 0.020)).build();
    NetworkSolution solution = Mva.solve(network);
    assertThat(solution.responseSeconds("users")).isCloseTo(0.020 + 0.020 / 3, within(0.0267 * 0.01));
    assertThat(solution.utilisation("cpu")).as("per server").isCloseTo(0.5, within(0.001));
    assertThat(solution.station("cpu").busyServers()).isCloseTo(1, within(0.002));
  }

  @Test
  void aStationWithAServerForEveryCustomerNeverQueuesLikeADelay() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("wide", 8)).station(Station.queue("cpu"))
        .customerClass("A", 5, 0.05, Map.of("wide", 0.3, "cpu", 0.01))
        .customerClass("B", 3, 0.0, Map.of("wide", 0.1, "cpu", 0.02)).build();
    ClosedNetwork asDelay = ClosedNetwork.builder().station(Station.delay("wide")).station(Station.queue("cpu"))
        .customerClass("A", 5, 0.05, Map.of("wide", 0.3, "cpu", 0.01))
        .customerClass("B", 3, 0.0, Map.of("wide", 0.1, "cpu", 0.02)).build();
    NetworkSolution wide = Mva.solve(network);
    NetworkSolution delay = Mva.solve(asDelay);
    for (String c : new String[] {"A", "B"}) {
      assertThat(wide.throughputPerSecond(c)).isCloseTo(delay.throughputPerSecond(c), within(1e-12));
      assertThat(wide.responseSeconds(c)).isCloseTo(delay.responseSeconds(c), within(1e-12));
    }
    assertThat(wide.station("wide").perClass().getFirst().residenceSeconds()).isCloseTo(0.3, within(1e-12));
  }

  /** Two classes, single and multi-server stations, a delay: MVA equals the normalised product form. */
  @Test
  void multiClassEqualsTheProductFormEnumeratedStateByState() {
    ClosedNetwork network = ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("cpu", 2)).station(Station.queue("db", 3))
        .station(Station.delay("network"))
        .customerClass("A", 4, 0.5, Map.of("gateway", 0.05, "cpu", 0.3, "db", 0.2, "network", 0.01))
        .customerClass("B", 3, 0.2, Map.of("gateway", 0.08, "cpu", 0.1, "db", 0.6))
        .build();
    NetworkSolution solution = Mva.solve(network);
    ProductFormByEnumeration.Means exact = ProductFormByEnumeration.solve(network);
    for (int c = 0; c < 2; c++) {
      String name = network.classes().get(c).name();
      assertThat(solution.throughputPerSecond(name)).as("X of %s", name)
          .isCloseTo(exact.thinking()[c] / network.thinkSeconds(c), within(1e-10));
      for (int k = 0; k < network.stationCount(); k++) {
        assertThat(solution.stations().get(k).perClass().get(c).queueLength()).as("Q of %s at %s", name,
            network.stations().get(k).name()).isCloseTo(exact.atStation()[c][k], within(1e-10));
      }
    }
  }

  /**
   * A c-server station and think time alone form a birth-death process (births (N − n) / Z, deaths
   * min(n, c) / D), solved exactly by its balance equations: the load-dependent MVA must agree at 300
   * customers, at and beyond saturation, where its marginal probabilities are hardest to keep accurate.
   * Two identical classes of 150 must give the same as one of 300.
   */
  @Test
  void multiServerStationsStayExactAtHundredsOfCustomers() {
    int customers = 300;
    int servers = 4;
    double demand = 0.040;
    for (double think : new double[] {2.0, 3.0, 6.0}) {
      ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu", servers))
          .customerClass("A", customers, think, Map.of("cpu", demand)).build();
      double[] weights = new double[customers + 1];
      weights[0] = 1;
      double total = 1;
      double busyServers = 0;
      for (int n = 1; n <= customers; n++) {
        weights[n] = weights[n - 1] * ((customers - n + 1) / think) / (Math.min(n, servers) / demand);
        total += weights[n];
      }
      for (int n = 0; n <= customers; n++) {
        busyServers += Math.min(n, servers) * weights[n] / total;
      }
      double exactThroughput = busyServers / demand;
      NetworkSolution solution = Mva.solve(network);
      assertThat(solution.throughputPerSecond("A")).as("Z = %s", think)
          .isCloseTo(exactThroughput, within(exactThroughput * 1e-9));
      ClosedNetwork twoClasses = ClosedNetwork.builder().station(Station.queue("cpu", servers))
          .customerClass("A", customers / 2, think, Map.of("cpu", demand))
          .customerClass("B", customers / 2, think, Map.of("cpu", demand)).build();
      assertThat(Mva.solve(twoClasses).totalThroughputPerSecond()).isCloseTo(exactThroughput,
          within(exactThroughput * 1e-9));
    }
  }

  /**
   * Without think time and with a multi-server station as its only stop, a class has nowhere else to be:
   * the network without that station (which the multi-server recursion solves too) leaves it cycling in
   * no time, a corner the solution must come through.
   */
  @Test
  void aClassThatOnlyVisitsAMultiServerStationWithoutThinkingIsExact() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu", 3)).station(Station.queue("disk"))
        .customerClass("A", 4, 0.0, Map.of("cpu", 0.05))
        .customerClass("B", 3, 0.0, Map.of("cpu", 0.02, "disk", 0.04)).build();
    NetworkSolution solution = Mva.solve(network);
    ProductFormByEnumeration.Means exact = ProductFormByEnumeration.solve(network);
    assertThat(solution.throughputPerSecond("A")).isCloseTo(exact.throughput(0, 0, 0.05), within(1e-9));
    assertThat(solution.throughputPerSecond("B")).isCloseTo(exact.throughput(1, 1, 0.04), within(1e-9));
    assertThat(solution.station("cpu").perClass().get(0).queueLength()).isCloseTo(4, within(1e-12));
  }

  /** A mix weight of 0: the class is absent, the rest is the network without it. */
  @Test
  void aClassWithNoCustomersHasNoThroughputNoResponseAndChangesNothing() {
    ClosedNetwork both = ClosedNetwork.builder().station(Station.queue("cpu", 2)).station(Station.queue("disk"))
        .customerClass("A", 0, 0.1, Map.of("cpu", 0.02, "disk", 0.01))
        .customerClass("B", 12, 0.1, Map.of("cpu", 0.01, "disk", 0.015)).build();
    ClosedNetwork onlyB = ClosedNetwork.builder().station(Station.queue("cpu", 2)).station(Station.queue("disk"))
        .customerClass("B", 12, 0.1, Map.of("cpu", 0.01, "disk", 0.015)).build();
    NetworkSolution solution = Mva.solve(both);
    assertThat(solution.throughputPerSecond("A")).isZero();
    assertThat(solution.responseSeconds("A")).isNaN();
    assertThat(solution.station("cpu").perClass().getFirst().queueLength()).isZero();
    assertThat(solution.responseSeconds("B")).isCloseTo(Mva.solve(onlyB).responseSeconds("B"), within(1e-12));
    assertThat(solution.meanResponseSeconds()).isCloseTo(solution.responseSeconds("B"), within(1e-12));
  }

  @Test
  void noCustomersAtAllIsAnEmptyNetwork() {
    NetworkSolution solution = Mva.solve(cpuAndDisk(0));
    assertThat(solution.totalThroughputPerSecond()).isZero();
    assertThat(solution.utilisation("cpu")).isZero();
    assertThat(solution.meanResponseSeconds()).isNaN();
  }

  /** Two classes of 300 with a two-server station: about 90,000 lattice points. */
  @Test
  void twoClassesOfThreeHundredSolveWellUnderASecond() {
    ClosedNetwork network = ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("s1")).station(Station.queue("s2", 2))
        .station(Station.queue("s3")).station(Station.delay("wire"))
        .customerClass("A", 300, 0.1, Map.of("gateway", 0.002, "s1", 0.007, "s2", 0.015, "s3", 0.02, "wire", 0.001))
        .customerClass("B", 300, 0.1, Map.of("gateway", 0.002, "s1", 0.018, "s2", 0.012, "s3", 0.005)).build();
    Mva.solve(network.withPopulations(30, 30)); // loads the classes before the clock starts
    long start = System.nanoTime();
    NetworkSolution solution = Mva.solve(network);
    double elapsedSeconds = (System.nanoTime() - start) / 1e9;
    assertThat(elapsedSeconds).as("solve time, s").isLessThan(1);
    assertThat(solution.utilisation("s1")).as("saturated").isGreaterThan(0.99).isLessThanOrEqualTo(1 + 1e-9);
    assertThat(AsymptoticBounds.of(network).breaches(solution, 1e-9)).isEmpty();
  }

  @Test
  void aLatticeTooLargeToKeepIsRefusedWithTheReason() {
    ClosedNetwork network = ClosedNetwork.builder().station(Station.queue("cpu"))
        .customerClass("A", 500, 1, Map.of("cpu", 0.01)).customerClass("B", 500, 1, Map.of("cpu", 0.01))
        .customerClass("C", 500, 1, Map.of("cpu", 0.01)).build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Mva.solve(network))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[500, 500, 500]")
        .hasMessageContaining("lattice points");
  }
}
