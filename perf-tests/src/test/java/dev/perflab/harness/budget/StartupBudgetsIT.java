package dev.perflab.harness.budget;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.perflab.harness.build.BuildCost;
import dev.perflab.harness.build.ModeBuild;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.CellLoad;
import dev.perflab.harness.load.LoadResult;
import dev.perflab.harness.load.LoadRun;
import dev.perflab.harness.report.CellReport;
import dev.perflab.harness.report.EnvironmentRecord;
import dev.perflab.harness.report.JmhTable;
import dev.perflab.harness.report.PerfReport;
import dev.perflab.harness.run.CellResult;
import dev.perflab.harness.run.HarnessConfig;
import dev.perflab.harness.run.PerfRun;
import dev.perflab.harness.run.RunPart;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.testcontainers.DockerClientFactory;

/**
 * The perf run: every cell of the catalog (the bundled one, or a user's over it:
 * perflab.catalog), measured one after another, then each checked against the budgets file. A
 * failing cell does not stop the others; each cell is its own test, so the build lists every
 * cell that failed or broke a budget.
 */
@Tag("perf")
class StartupBudgetsIT {

  private static PerfReport report;

  @BeforeAll
  static void measureEveryCell() throws Exception {
    Catalog catalog = CatalogLoader.load();
    HarnessConfig config = HarnessConfig.load();
    assumeTrue(config.compare().mode() == null, "a comparison run (ComparisonIT), not the perf run");
    // No stale summary or JMH result from an earlier run may be printed at the end of this one
    // (the perf profile runs this test class before JmhBenchmarksIT).
    java.nio.file.Files.deleteIfExists(config.reportDir().resolve("summary.md"));
    java.nio.file.Files.deleteIfExists(config.reportDir().resolve(JmhTable.JSON_FILE));
    java.nio.file.Files.deleteIfExists(config.reportDir().resolve("comparison.json"));
    // Read budgets first: a malformed file should fail in a second, not after the run.
    Budgets budgets = Budgets.load(config.budgetsFile(), catalog);
    // Builds first: each leaves its mode's image rebuilt, and the cells then measure those.
    List<BuildCost> buildCosts = config.parts().contains(RunPart.BUILDS)
        ? new ModeBuild(catalog, config.projectDir(), config.reportDir().resolve("build-logs"),
            DockerClientFactory.instance().client()).measureAll(config.buildRepetitions())
        : List.of();
    List<CellResult> results = List.of();
    List<CellLoad> loads = List.of();
    try (Lab lab = Lab.open(catalog, config)) {
      if (config.parts().contains(RunPart.STARTUP)) {
        results = PerfRun.measure(lab, catalog.cells(), config.repetitions());
      }
      if (config.parts().contains(RunPart.LOAD)) {
        loads = LoadRun.run(lab, catalog, budgets, config.reportDir());
      }
    }
    report = PerfReport.of(
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir()),
        PerfRun.DISCARDED_LAUNCHES, config.repetitions(), results, budgets, buildCosts, catalog.load(), loads);
    report.writeTo(config.reportDir());
  }

  @TestFactory
  Stream<DynamicTest> everyModeOfEveryAppBuilds() {
    return report.buildCosts().stream().map(cost -> dynamicTest("build " + cost.app() + "/" + cost.mode(), () -> {
      assumeTrue(cost.unavailable() == null, () -> "unavailable: " + cost.unavailable());
      if (cost.failure() != null) {
        fail(cost.failure());
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyLoadCellIsDrivenValidly() {
    return report.loads().stream().map(load -> dynamicTest("load " + load.cellId(), () -> {
      assumeTrue(load.unavailable() == null, () -> "unavailable: " + load.unavailable());
      if (load.failure() != null) {
        fail(load.failure());
      }
      LoadResult run = load.fixedRate();
      if (run.generatorLimited()) {
        fail(load.cellId() + ": the driver fell behind (lag p99 " + run.generatorLag().p99Micros()
            + " µs): the figures measure the driver, not the cell");
      }
      if (run.errorRatio() > 0.01) {
        fail(load.cellId() + ": " + run.errors() + " of " + run.sent() + " requests failed at the fixed rate, e.g. "
            + run.errorSamples());
      }
    }));
  }

  @TestFactory
  Stream<DynamicTest> everyGatlingSimulationRunsValidlyWithinItsBudget() {
    // A cell whose app does not answer the contract the simulations exercise: skipped, with the reason.
    Stream<DynamicTest> skipped = report.loads().stream().filter(load -> load.gatlingSkipped() != null)
        .map(load -> dynamicTest("gatling " + load.cellId(), () -> abort("skipped: " + load.gatlingSkipped())));
    return Stream.concat(skipped, report.loads().stream().flatMap(load -> load.gatling().stream().map(run ->
        dynamicTest("gatling " + load.cellId() + " " + run.name(), () -> {
          if (run.failure() != null) {
            fail(load.cellId() + " " + run.name() + ": " + run.failure());
          }
          if (run.generatorLimited()) {
            fail(load.cellId() + " " + run.name() + ": Gatling used " + run.generatorCores()
                + " cores of its one: the figures may measure the generator, not the cell");
          }
          if (!run.assertionsPassed()) {
            fail(load.cellId() + " " + run.name() + " broke its budget: " + run.assertions().stream()
                .filter(a -> !a.passed()).map(a -> a.description()).collect(Collectors.joining("; "))
                + " (report: " + run.report() + ")");
          }
        }))));
  }

  /** Per cell, one test for its launches and one per budgeted metric, so CI lists each verdict. */
  @TestFactory
  Stream<DynamicTest> everyCellRunsWithinItsBudget() {
    return report.cells().stream().flatMap(cell -> Stream.concat(
        Stream.of(dynamicTest(cell.cellId() + " launches", () -> launched(cell))),
        Budgets.CHECKED_METRICS.stream().map(metric -> dynamicTest(cell.cellId() + " " + metric, () -> {
          // A failed cell fails once, in its launches test; its metrics have nothing to check.
          assumeTrue(cell.unavailable() == null && cell.failure() == null, "no measured launches");
          cell.breaches().stream().filter(breach -> breach.metric().equals(metric)).findFirst()
              .ifPresent(breach -> fail(breach.message()));
        }))));
  }

  private static void launched(CellReport cell) {
    // Neither passed nor failed: the cell cannot be built here (e.g. no native-image).
    assumeTrue(cell.unavailable() == null, () -> "unavailable: " + cell.unavailable());
    if (cell.failure() != null) {
      fail(cell.failure().describe());
    }
  }
}
