package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.experiment.grid.GridRow.StepOutcome;
import dev.perflab.harness.experiment.grid.LimitsCost.Basis;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grid's costs on grids built by hand, reckoned by hand (the worked example of docs/experiments.md). */
class GridCostsTest {

  private static final GridAnalysis SETTINGS = new GridAnalysis(10, 1.0, 20, 1000.0, null, 0.8, 0.8, null);

  /**
   * 0.5 CPU / 256 MiB sustains 1000/s within 20 ms: $0.0245575 an hour (0.5 x 0.04656 + 0.25 x 0.00511), 3.6
   * million requests an hour, $0.00682 a million; 6 to a 4-CPU node at 0.8 (3.2 / 0.5 = 6.4 by CPU, 51.2 by
   * memory); 10 instances and 2 nodes for 10,000/s. 1.0 CPU / 512 MiB sustains 2500/s: dearer an hour, cheaper a
   * million ($0.049115 / 9 million = $0.00546).
   */
  @Test
  void theRecommendedAndTheCheapestPointAreCostedFromTheRateEachSustains() {
    List<GridRow> rows = new ArrayList<>();
    rows.addAll(staircase(0.5, 256, 0, new double[] {500, 1000, 2000}, new double[] {5, 18, 400}, 0));
    rows.addAll(staircase(1.0, 512, 0, new double[] {500, 1000, 2500}, new double[] {2, 4, 15}, 0));

    CostReport costs = reckon(rows, recommended(0.5, 256L));

    LimitsCost recommended = cost(costs, Basis.RECOMMENDED);
    assertThat(recommended.sustainedRatePerSecond()).isEqualTo(1000);
    assertThat(recommended.usdPerHour()).isCloseTo(0.0245575, within(1e-9));
    assertThat(recommended.usdPerMillionRequests()).isCloseTo(0.0245575 / 3.6, within(1e-9));
    assertThat(recommended.instancesPerNode()).isEqualTo(6);
    assertThat(recommended.instancesForLoad()).isEqualTo(10);
    assertThat(recommended.nodesForLoad()).isEqualTo(2);
    assertThat(recommended.usdPerHourForLoad()).isCloseTo(0.245575, within(1e-9));
    assertThat(recommended.note()).as("its staircase went past what it sustains").isNull();
    LimitsCost cheapest = cost(costs, Basis.CHEAPEST);
    assertThat(cheapest.cpuLimitCores()).isEqualTo(1.0);
    assertThat(cheapest.memoryLimitMebibytes()).isEqualTo(512);
    assertThat(cheapest.sustainedRatePerSecond()).isEqualTo(2500);
    assertThat(cheapest.usdPerMillionRequests()).isCloseTo(0.049115 / 9, within(1e-9));
    assertThat(cheapest.instancesForLoad()).isEqualTo(4);
    assertThat(cheapest.nodesForLoad()).as("3 to a node by CPU (3.2 / 1.0)").isEqualTo(2);
    assertThat(cheapest.note()).isEqualTo("within the objective at the staircase's top step: it may sustain more, and"
        + " cost less a million");
  }

  @Test
  void aStepOverTheObjectiveOrWithTooManyErrorsIsNotServedWithinIt() {
    List<GridRow> rows = new ArrayList<>();
    // 2000/s within 20 ms but 2 % errors; 4000/s at 25 ms: 1000/s is what it serves within the objective.
    rows.addAll(staircase(1.0, 512, 0, new double[] {1000}, new double[] {5}, 0));
    rows.add(step(1.0, 512, 0, 1, 2000, 10, 0.02, StepOutcome.MEASURED));
    rows.add(step(1.0, 512, 0, 2, 4000, 25, 0, StepOutcome.STOPPED));

    assertThat(cost(reckon(rows, recommended(1.0, 512L)), Basis.RECOMMENDED).sustainedRatePerSecond()).isEqualTo(1000);
  }

  @Test
  void repetitionsCountByTheirMedianAndOneThatServedNothingCountsAsNone() {
    List<GridRow> rows = new ArrayList<>();
    rows.addAll(staircase(1.0, 512, 0, new double[] {1000, 2000}, new double[] {5, 10}, 0));
    rows.addAll(staircase(1.0, 512, 1, new double[] {1000, 2000}, new double[] {5, 30}, 0));
    rows.addAll(staircase(1.0, 512, 2, new double[] {1000}, new double[] {50}, 0));

    assertThat(cost(reckon(rows, recommended(1.0, 512L)), Basis.CHEAPEST).sustainedRatePerSecond())
        .as("2000, 1000 and 0: the median").isEqualTo(1000);
  }

  @Test
  void anInstanceTooLargeForANodeSaysSoAndNeedsNoNodes() {
    CostModel smallNodes = new CostModel(0.04656, 0.00511, 1, 1024, 0.8, 10_000, 0.01);

    LimitsCost cost = GridCosts.cost("quarkus", "jvm", Basis.RECOMMENDED, 1.0, 512, 1000, false, smallNodes);

    assertThat(cost.instancesPerNode()).isZero();
    assertThat(cost.nodesForLoad()).isNull();
    assertThat(cost.note()).isEqualTo("one instance does not fit a node's headroom");
  }

  @Test
  void withoutRecommendedLimitsOnlyTheCheapestPointIsCosted() {
    List<GridRow> rows = staircase(1.0, 512, 0, new double[] {1000}, new double[] {50}, 0);
    RecommendedLimits none = new RecommendedLimits("quarkus", "jvm", null, null, null, null, null, "none on the grid");

    CostReport costs = GridCosts.reckon(new GridData(rows, List.of()), report(none), CostModel.THESIS);

    assertThat(cost(costs, Basis.RECOMMENDED).found()).isFalse();
    assertThat(cost(costs, Basis.RECOMMENDED).note()).isEqualTo("no recommended limits: none on the grid");
    assertThat(cost(costs, Basis.CHEAPEST).note()).isEqualTo("no point ran a step within p99 20.0 ms and 1.0 % errors");
  }

  @Test
  void aModelThatCannotBeBilledIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> new CostModel(0.04656, 0.00511, 4, 16_384, 0, 10_000, 0.01))
        .hasMessageStartingWith("'nodeHeadroom' is the share of a node instances may take");
    assertThatThrownBy(() -> new CostModel(0, 0, 4, 16_384, 0.8, 10_000, 0.01))
        .hasMessageStartingWith("'vcpuHourUsd' and 'memoryGibHourUsd' are prices");
  }

  private static CostReport reckon(List<GridRow> rows, RecommendedLimits recommended) {
    return GridCosts.reckon(new GridData(rows, List.of()), report(recommended), CostModel.THESIS);
  }

  private static GridReport report(RecommendedLimits recommended) {
    return new GridReport(SETTINGS, List.of(), List.of(recommended), List.of(), List.of(), List.of(), List.of());
  }

  private static RecommendedLimits recommended(double cpus, long memory) {
    return new RecommendedLimits("quarkus", "jvm", cpus, memory, 10.0, 0.5, 0.5, "margins");
  }

  private static LimitsCost cost(CostReport costs, Basis basis) {
    return costs.costs().stream().filter(cost -> cost.basis() == basis).findFirst().orElseThrow();
  }

  /** One repetition's steps at these rates and p99s, no errors, each run to its end. */
  private static List<GridRow> staircase(double cpus, long memory, int repetition, double[] rates, double[] p99,
      double errorRatio) {
    List<GridRow> rows = new ArrayList<>();
    for (int i = 0; i < rates.length; i++) {
      rows.add(step(cpus, memory, repetition, i, rates[i], p99[i], errorRatio, StepOutcome.MEASURED));
    }
    return rows;
  }

  private static GridRow step(double cpus, long memory, int repetition, int step, double rate, double p99,
      double errorRatio, StepOutcome outcome) {
    long requests = (long) rate * 4;
    return GridRow.builder("quarkus", "jvm", cpus, memory, repetition).step(step).offeredRatePerSecond(rate)
        .achievedRatePerSecond(rate).requests(requests).errors(Math.round(requests * errorRatio))
        .p50Millis(p99 / 4).p95Millis(p99 / 2).p99Millis(p99).relativeCpuMean(0.5).relativeMemoryMax(0.5)
        .outcome(outcome).failure(outcome == StepOutcome.STOPPED ? "stopped" : null).build();
  }
}
