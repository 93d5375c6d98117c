package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.experiment.topology.TopologySpecTest.service;
import static dev.perflab.harness.experiment.topology.TopologySpecTest.work;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.NodeScheduling;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model made from a launch's demands: with one user it answers in the time one user was measured to take
 * (the services' CPU at their quotas plus the waiting outside them), and with many the most loaded service
 * saturates, as the utilisation law says.
 */
class TopologyModelTest {

  /** gw (0.5 CPU) calls s1 (0.25 CPU) for a, s2 (0.25) for b: 1 ms of CPU at gw, 4 at s1, 2 at s2. */
  private static final TopologyVariant CHAIN = new TopologyVariant("chain", "gw", null, List.of(
      service("gw", 0.5, Map.of("a", work(0, false, "s1"), "b", work(0, false, "s2"))),
      service("s1", 0.25, Map.of("a", work(8, false))),
      service("s2", 0.25, Map.of("b", work(4, false)))));

  @Test
  void oneUserTakesWhatOneUserWasMeasuredToTake() {
    // a: 1/0.5 + 4/0.25 = 18 ms at the stations, measured 20 ms alone: 2 ms waiting.
    TopologyModel model = TopologyModel.of(CHAIN, List.of("a", "b"), demands(CHAIN, 20, 12), 0, NodeScheduling.TIME_SLICED);

    TopologyModel.Prediction alone = model.predict(new int[] {1, 0});

    assertThat(alone.responseMillis()[0]).isCloseTo(20, within(1e-6));
    assertThat(alone.throughputPerSecond()[0]).isCloseTo(50, within(1e-6));
    assertThat(Double.isNaN(alone.responseMillis()[1])).isTrue();
    // s1 busy 16 of every 20 ms.
    assertThat(alone.utilisation().get("s1")).isCloseTo(0.8, within(1e-6));
  }

  @Test
  void manyUsersSaturateTheBusiestServiceAndItsQuotaBoundsThroughput() {
    TopologyModel model = TopologyModel.of(CHAIN, List.of("a", "b"), demands(CHAIN, 20, 12), 0, NodeScheduling.TIME_SLICED);

    TopologyModel.Prediction crowd = model.predict(new int[] {40, 0});

    // s1 at its quota: 0.25 CPU / 4 ms = 62.5 answers a second at most.
    assertThat(crowd.utilisation().get("s1")).isCloseTo(1.0, within(1e-3));
    assertThat(crowd.throughputPerSecond()[0]).isCloseTo(62.5, within(0.1));
    assertThat(crowd.meanResponseMillis()).isCloseTo(40 / 62.5 * 1000, within(5.0));
  }

  @Test
  void aForkAndJoinIsSimulatedAndOneUserTakesTheLongestBranch() {
    TopologyVariant fork = new TopologyVariant("fork", "gw", null, List.of(
        service("gw", 0.5, Map.of("a", work(0, true, "s1", "s2"), "b", work(0, true, "s1", "s2"))),
        service("s1", 0.25, Map.of("a", work(8, false), "b", work(2, false))),
        service("s2", 0.25, Map.of("a", work(2, false), "b", work(8, false)))));
    List<TopologyDemandRow> rows = new ArrayList<>();
    rows.add(row("a", "gw", 1, 0.5, 25));
    rows.add(row("a", "s1", 4, 0.25, 25));
    rows.add(row("a", "s2", 1, 0.25, 25));
    rows.add(row("b", "gw", 1, 0.5, 25));
    rows.add(row("b", "s1", 1, 0.25, 25));
    rows.add(row("b", "s2", 4, 0.25, 25));

    TopologyModel model = TopologyModel.of(fork, List.of("a", "b"), rows, 0, NodeScheduling.TIME_SLICED);
    TopologyModel.Prediction alone = model.predict(new int[] {1, 0});

    assertThat(TopologyModel.solverFor(fork, NodeScheduling.TIME_SLICED)).isEqualTo(TopologyModel.SIMULATION);
    // Exponential service: the join waits for the longer of two random branches, so one user takes at least
    // the 25 ms measured (2 at gw, 16 on the longer branch, 7 waiting) and not much more.
    assertThat(alone.responseMillis()[0]).isBetween(24.0, 32.0);
  }

  /**
   * Both types at one saturated service, 16 ms and 4 ms of it at its quota. Time-sliced, each request is served
   * beside the 15 others: about 16 times its own demand, 256 and 64 ms. In arrival order each waits out the line
   * ahead, the same for both, and they differ by their own demands alone.
   */
  @Test
  void atAServiceThatServesInArrivalOrderBothTypesWaitTheSameLine() {
    TopologyVariant shared = new TopologyVariant("shared", "s", null, List.of(
        service("s", 0.25, Map.of("a", work(8, false), "b", work(2, false)))));
    List<TopologyDemandRow> rows = List.of(row("a", "s", 4, 0.25, 16), row("b", "s", 1, 0.25, 4));
    int[] users = {8, 8};

    TopologyModel.Prediction sliced = TopologyModel.of(shared, List.of("a", "b"), rows, 0,
        NodeScheduling.TIME_SLICED).predict(users);
    TopologyModel.Prediction inOrder = TopologyModel.of(shared, List.of("a", "b"), rows, 0,
        NodeScheduling.IN_ARRIVAL_ORDER).predict(users);

    assertThat(TopologyModel.solverFor(shared, NodeScheduling.TIME_SLICED)).isEqualTo(TopologyModel.MVA);
    assertThat(TopologyModel.solverFor(shared, NodeScheduling.IN_ARRIVAL_ORDER)).isEqualTo(TopologyModel.SIMULATION);
    assertThat(sliced.responseMillis()[0] / sliced.responseMillis()[1]).isCloseTo(4, within(0.2));
    assertThat(inOrder.responseMillis()[0] - inOrder.responseMillis()[1]).isBetween(0.0, 30.0);
    // Saturated either way, but time-sliced the short type cycles four times as often; in arrival order both
    // about as often, a pair of answers every 20 ms.
    assertThat(sliced.utilisation().get("s")).isCloseTo(1.0, within(0.01));
    assertThat(inOrder.utilisation().get("s")).isCloseTo(1.0, within(0.01));
    assertThat(sliced.throughputPerSecond()[1] / sliced.throughputPerSecond()[0]).isCloseTo(4, within(0.2));
    assertThat(inOrder.throughputPerSecond()[1] / inOrder.throughputPerSecond()[0]).isCloseTo(1, within(0.1));
    assertThat(inOrder.totalThroughputPerSecond()).isCloseTo(100, within(5.0));
  }

  /**
   * One user's answers spread p50 100 ms to p90 112.8 ms: a normal's 10 ms standard deviation. Over visits of 30 and
   * 40 ms (their squares' root 50 ms) each visit varies by a fifth of its time. Without percentiles: exponential.
   */
  @Test
  void aVisitVariesAsMuchAsOneUsersAnswersDo() {
    TopologyDemandRow alone = new TopologyDemandRow("app", "jvm", "v", 0, TopologyDemandRow.BEFORE, 2, true, "a", "s",
        1000, 100, 5, 0, 20, 101.0, 100.0, 112.816);

    assertThat(TopologyModel.serviceVariation(alone, List.of(0.030, 0.040))).isCloseTo(0.2, within(1e-4));
    assertThat(TopologyModel.serviceVariation(row("a", "s", 5, 0.25, 101), List.of(0.030, 0.040))).isEqualTo(1);
  }

  /**
   * Each type on its own pipeline: a service's idle CPU counted over the other type's answers is a demand of that
   * type where its calls never go. Left out, the model is the same whether solved by MVA or simulated (which
   * follows each type's route and refused a demand off it).
   */
  @Test
  void aTypesCpuAtAServiceItNeverReachesIsLeftOut() {
    List<TopologyDemandRow> rows = List.of(row("a", "gw", 1, 0.5, 20), row("a", "s1", 4, 0.25, 20),
        row("a", "s2", 0.01, 0.25, 20), row("b", "gw", 1, 0.5, 12), row("b", "s1", 0.01, 0.25, 12),
        row("b", "s2", 2, 0.25, 12));

    for (NodeScheduling scheduling : NodeScheduling.values()) {
      TopologyModel.Prediction alone = TopologyModel.of(CHAIN, List.of("a", "b"), rows, 0, scheduling)
          .predict(new int[] {0, 1});
      // b alone: 1/0.5 + 2/0.25 = 10 ms at its stations, 2 ms waiting; s1 never sees it.
      assertThat(alone.responseMillis()[1]).as(scheduling.name()).isCloseTo(12, within(1.5));
      assertThat(alone.utilisation().get("s1")).as(scheduling.name()).isZero();
    }
  }

  /** A service of more than a core runs its requests on as many carriers, time-sliced: its station shares. */
  @Test
  void aServiceOfMoreThanACoreSharesItsServerWhateverTheApp() {
    TopologyVariant wide = new TopologyVariant("wide", "s", null, List.of(
        service("s", 2, Map.of("a", work(8, false), "b", work(2, false)))));

    assertThat(TopologyModel.solverFor(wide, NodeScheduling.IN_ARRIVAL_ORDER)).isEqualTo(TopologyModel.MVA);
  }

  /**
   * Users who draw each request's type are one chain. At an even mix its demands are 2 ms at gw, 8 at s1, 4 at s2 and
   * 2 waiting. One user meets no one: each type takes what it took alone. Two, worked by hand: one user's queues
   * are 0.125 at gw, 0.5 at s1 and 0.25 at s2 (X = 1 / 16 ms), so with two a request stays 1.125, 1.5 and 1.25 times
   * its demand there; a takes 2 · 1.125 + 16 · 1.5 + 2 = 28.25 ms, b 2 · 1.125 + 8 · 1.25 + 2 = 14.25 ms, and the
   * chain answers 2 / 21.25 ms = 94.1 a second, half of each type.
   */
  @Test
  void usersWhoDrawEachRequestsTypeAreOneChainAsWorkedByHand() {
    TopologyModel model = TopologyModel.of(CHAIN, List.of("a", "b"), demands(CHAIN, 20, 12), 0,
        NodeScheduling.TIME_SLICED);

    TopologyModel.Prediction one = model.predictDrawn(1, new double[] {0.5, 0.5});
    TopologyModel.Prediction two = model.predictDrawn(2, new double[] {0.5, 0.5});

    assertThat(one.responseMillis()[0]).isCloseTo(20, within(1e-9));
    assertThat(one.responseMillis()[1]).isCloseTo(12, within(1e-9));
    assertThat(two.responseMillis()[0]).isCloseTo(28.25, within(1e-9));
    assertThat(two.responseMillis()[1]).isCloseTo(14.25, within(1e-9));
    assertThat(two.meanResponseMillis()).isCloseTo(21.25, within(1e-9));
    assertThat(two.totalThroughputPerSecond()).isCloseTo(2 / 0.02125, within(1e-9));
    assertThat(two.throughputPerSecond()[0]).isCloseTo(two.throughputPerSecond()[1], within(1e-9));
    assertThat(two.utilisation().get("s1")).isCloseTo(2 / 0.02125 * 0.008, within(1e-9));
    assertThat(two.utilisation().get("gw")).isCloseTo(2 / 0.02125 * 0.002, within(1e-9));
    TopologyModel.Prediction onlyB = model.predictDrawn(3, new double[] {0, 1});
    assertThat(onlyB.responseMillis()[0]).isNaN();
    assertThat(onlyB.throughputPerSecond()[0]).isZero();
  }

  /**
   * The study's separated pipes and filters (freemium 12, 15 and 11 ms on its own three services, premium 8, 9 and
   * 10 on three others), 16 users without think time. Drawn per request, the mix forces each pipeline's share of the
   * throughput, and the busiest service balances at 0.4 · 15 = 0.6 · 10: a sharp V with its bottom there (113 ms,
   * against 134 and 148 at its neighbours). Each user keeping a type, both pipelines saturate at once from 0.2 to 0.6
   * and the bottom is flat (113, 108, 110 ms). Simulated, with its services serving in arrival order (each serves
   * one type, exponential: the same means), the drawn chain agrees.
   */
  @Test
  void separatedPipelinesDrawnPerRequestBottomOutSharplyWhereTheirBottlenecksBalance() {
    TopologyVariant separated = new TopologyVariant("separated", "s1a", Map.of("b", "s1b"), List.of(
        service("s1a", 1, Map.of("a", work(12, false, "s2a"))), service("s2a", 1, Map.of("a", work(15, false, "s3"))),
        service("s3", 1, Map.of("a", work(11, false))), service("s1b", 1, Map.of("b", work(8, false, "s2b"))),
        service("s2b", 1, Map.of("b", work(9, false, "s4"))), service("s4", 1, Map.of("b", work(10, false)))));
    List<TopologyDemandRow> rows = List.of(row("a", "s1a", 12, 1, 38), row("a", "s2a", 15, 1, 38),
        row("a", "s3", 11, 1, 38), row("b", "s1b", 8, 1, 27), row("b", "s2b", 9, 1, 27), row("b", "s4", 10, 1, 27));
    TopologyModel model = TopologyModel.of(separated, List.of("a", "b"), rows, 0, NodeScheduling.TIME_SLICED);
    double[] mixes = {0.2, 0.4, 0.6};
    double[] drawn = new double[mixes.length];
    double[] kept = new double[mixes.length];
    for (int i = 0; i < mixes.length; i++) {
      TopologyModel.Prediction chain = model.predictDrawn(16, new double[] {mixes[i], 1 - mixes[i]});
      drawn[i] = chain.meanResponseMillis();
      assertThat(chain.throughputPerSecond()[0] / chain.totalThroughputPerSecond()).isCloseTo(mixes[i], within(1e-9));
      int first = (int) Math.round(16 * mixes[i]);
      kept[i] = model.predict(new int[] {first, 16 - first}).meanResponseMillis();
    }

    assertThat(drawn[1]).isCloseTo(113, within(1.0));
    assertThat(drawn[0]).isGreaterThan(1.15 * drawn[1]);
    assertThat(drawn[2]).isGreaterThan(1.25 * drawn[1]);
    assertThat(Math.max(kept[0], kept[2]) / kept[1]).isLessThan(1.06);
    TopologyModel.Prediction simulated = TopologyModel.of(separated, List.of("a", "b"), rows, 0,
        NodeScheduling.IN_ARRIVAL_ORDER).predictDrawn(16, new double[] {0.4, 0.6});
    assertThat(simulated.meanResponseMillis()).isCloseTo(drawn[1], within(0.05 * drawn[1]));
    assertThat(simulated.throughputPerSecond()[0] / simulated.totalThroughputPerSecond()).isCloseTo(0.4, within(0.01));
  }

  private static List<TopologyDemandRow> demands(TopologyVariant variant, double aloneA, double aloneB) {
    return List.of(row("a", "gw", 1, 0.5, aloneA), row("a", "s1", 4, 0.25, aloneA), row("a", "s2", 0, 0.25, aloneA),
        row("b", "gw", 1, 0.5, aloneB), row("b", "s1", 0, 0.25, aloneB), row("b", "s2", 2, 0.25, aloneB));
  }

  private static TopologyDemandRow row(String type, String service, double cpuMillis, double quota, double alone) {
    return new TopologyDemandRow("app", "jvm", "v", 0, TopologyDemandRow.BEFORE, 2, true, type, service, 1000, 100,
        cpuMillis, 0, cpuMillis / quota, alone, null, null);
  }
}
