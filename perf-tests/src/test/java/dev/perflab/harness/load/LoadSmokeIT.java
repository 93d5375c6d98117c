package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.gatling.Contract;
import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.GatlingBudget;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The load path end to end on one real cell, briefly: a pinned container driven at its lab
 * address, sampled from the host, searched for capacity. No latency is asserted: a few seconds
 * on a shared machine prove the path, not a figure.
 */
@Tag("smoke")
class LoadSmokeIT {

  @Test
  void aCellIsDrivenSampledSearchedForCapacityAndLoadedByGatling() {
    Catalog catalog = CatalogLoader.bundled();
    Cell cell = catalog.cells().stream().filter(c -> c.id().equals("quarkus/jvm/1cpu-512m")).findFirst().orElseThrow();
    // Steady with a p95 no server meets (its assertion must fail the run), Stress without a budget.
    List<GatlingScenario> gatling = List.of(
        new GatlingScenario("Steady", "Steady", Map.of("rate", "100", "duration", "3s", "leadIn", "2s"), true),
        new GatlingScenario("Stress", "Stress", Map.of("users", "2", "duration", "3s", "leadIn", "2s"), false));
    Budgets budgets = new Budgets(Map.of(), Map.of(), Map.of(cell.id(), Map.of("Steady", new GatlingBudget(0.001, 1000, 0))));
    LoadSettings brief = new LoadSettings("1cpu-512m", List.of("jvm"), catalog.load().request(),
        2, 400, 200, null, 3, 1, 50, 1, 800, 256, gatling);
    Path reportDir = Path.of("target/smoke-report");

    CellLoad load;
    CellGatling gatlingCell;
    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      load = LoadRun.drive(lab, cell, brief, true);
      gatlingCell = GatlingDrive.drive(lab, cell, brief, simulation -> budgets.gatling(cell.id(), simulation), reportDir);
    }

    assertThat(gatlingCell.outcome()).isEqualTo(Outcome.MEASURED);
    assertThat(gatlingCell.runs()).extracting(GatlingRun::name).containsExactly("Steady", "Stress");
    GatlingRun steady = gatlingCell.runs().get(0);
    assertThat(steady.exitCode()).as(steady.outcome().summary()).isEqualTo(2);
    assertThat(steady.assertionsPassed()).isFalse();
    // 100 picks a second for 3 s, so that stream (5 % of the mix) is missed in 1 run of ~5
    // million (at 40/s it was 1 in 500); a users pick is two requests (create, read back). The
    // 2 s lead-in's 200 picks are silent: counted, they would take it to about 600.
    assertThat(steady.global().count()).isBetween(300L, 450L);
    assertThat(steady.global().ko()).as("the mix's body checks, against a real app and database").isZero();
    assertThat(steady.requests()).extracting(RequestStats::name).contains(Contract.HELLO, Contract.USER_CREATE, Contract.USER_READ, Contract.STREAM);
    assertThat(reportDir.resolve(steady.report())).exists();
    GatlingRun stress = gatlingCell.runs().get(1);
    assertThat(stress.exitCode()).as(stress.outcome().summary()).isZero();
    assertThat(stress.assertions()).isEmpty();
    assertThat(stress.generatorCpuSeconds()).isPositive();
    assertThat(stress.timeline()).isNotEmpty();

    assertThat(load.outcome()).isEqualTo(Outcome.MEASURED);
    assertThat(load.fixedRate().sent()).isBetween(590L, 610L);
    assertThat(load.fixedRate().errors()).isZero();
    assertThat(load.fixedRate().latency().count()).isEqualTo(load.fixedRate().completed());
    assertThat(load.fixedRate().windows()).hasSize(3);
    assertThat(load.timeline()).hasSizeGreaterThanOrEqualTo(4)
        .allSatisfy(sample -> assertThat(sample.cgroupMemoryBytes()).isPositive());
    assertThat(load.meanCpuCores(0)).isPositive().isLessThanOrEqualTo(1.05);
    assertThat(load.capacity().ratePerSecond()).isGreaterThanOrEqualTo(200);
    assertThat(load.capacity().steps()).isNotEmpty();
  }
}
