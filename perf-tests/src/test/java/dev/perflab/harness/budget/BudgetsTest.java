package dev.perflab.harness.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BudgetsTest {

  private static final Cell CELL = TestBudgets.CELL;
  private static final List<Cell> CELLS = List.of(CELL);
  private static final String VALID = TestBudgets.VALID;

  @Test
  void theProjectsBudgetsFileCoversEveryCatalogCell() {
    List<Cell> cells = CatalogLoader.bundled().cells();
    Budgets budgets = Budgets.load(Path.of("budgets.yaml"), CatalogLoader.bundled());
    assertThat(budgets.cells()).hasSameSizeAs(cells);
    assertThat(budgets.gatling()).hasSameSizeAs(CatalogLoader.bundled().gatlingCells());
  }

  @Test
  void aUsersBudgetsFileCoversTheCellsOfTheUsersCatalogOnly() {
    Catalog own = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));

    Budgets budgets = Budgets.load(Path.of("../examples/own-service/budgets.yaml"), own);

    assertThat(budgets.cells()).containsOnlyKeys("downstream-stub/jvm/1cpu-512m", "downstream-stub/jvm/half-cpu-256m");
    assertThat(budgets.gatling()).isEmpty();
  }

  @Test
  void theProjectsBudgetsAgainstAUsersCatalogSayWhichFileToGive() {
    Catalog own = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));

    assertThatThrownBy(() -> Budgets.load(Path.of("budgets.yaml"), own))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageStartingWith("budgets.yaml line ")
        .hasMessageContaining("no such cell in the catalog; cells are [downstream-stub/jvm/1cpu-512m,")
        .hasMessageEndingWith("with perflab.catalog, give your own perflab.budgets.file too");
  }

  @Test
  void aGatlingBudgetForAServiceWithoutTheContractIsRefused() {
    Catalog own = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));
    String text = """
        cells:
          downstream-stub/jvm/1cpu-512m: {maxMedianTimeToFirstOkMillis: 1, maxImageSizeMegabytes: 1, maxMedianRssAfterWarmupMegabytes: 1}
          downstream-stub/jvm/half-cpu-256m: {maxMedianTimeToFirstOkMillis: 1, maxImageSizeMegabytes: 1, maxMedianRssAfterWarmupMegabytes: 1}
        gatling:
          downstream-stub/jvm/1cpu-512m:
            Steady: {maxP95Millis: 20, maxP99Millis: 50, maxErrorPercent: 0}
        """;

    assertThatThrownBy(() -> Budgets.parse(text, "own-budgets.yaml", own.cells(),
            own.gatlingCells().stream().map(Cell::id).toList(), List.of("Steady")))
        .hasMessage("own-budgets.yaml line 5, field 'gatling.downstream-stub/jvm/1cpu-512m': not a load cell Gatling runs"
            + " against (those of apps with contract: true); they are []");
  }

  @Test
  void validFileLoads() {
    assertThat(parse(VALID).cells().get("app/jvm/1cpu"))
        .isEqualTo(new Budget(1000, 100, 200));
  }

  @Test
  void unknownKeyNamesFileLineFieldAndTheChoices() {
    String typo = VALID.replace("maxImageSizeMegabytes: 100", "maxImageSizeMegabytes: 100\n    maxImageSizeMB: 100");
    assertThatThrownBy(() -> parse(typo))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageStartingWith("budgets.yaml line 6, field 'cells.app/jvm/1cpu.maxImageSizeMB': unknown key 'maxImageSizeMB'")
        .hasMessageContaining("maxImageSizeMegabytes");
  }

  @Test
  void wrongTypeSaysWhatWasExpected() {
    String text = VALID.replace("1000", "fast");
    assertThatThrownBy(() -> parse(text))
        .hasMessageStartingWith("budgets.yaml line 4, field 'cells.app/jvm/1cpu.maxMedianTimeToFirstOkMillis': expected a number, got 'fast'");
  }

  @Test
  void missingFieldIsNamed() {
    String text = VALID.replace("    maxImageSizeMegabytes: 100\n", "");
    assertThatThrownBy(() -> parse(text))
        .hasMessageContaining("field 'cells.app/jvm/1cpu.maxImageSizeMegabytes': is missing; it is required");
  }

  @Test
  void nullCellsAreRefused() {
    assertThatThrownBy(() -> parse("gatling: {}\ncells:\n"))
        .hasMessageContaining("budgets.yaml line ")
        .hasMessageContaining("'cells' must have a value");
  }

  @Test
  void nullBudgetValueIsRefused() {
    String text = VALID.replace("maxImageSizeMegabytes: 100", "maxImageSizeMegabytes:");
    assertThatThrownBy(() -> parse(text))
        .hasMessageContaining("field 'cells.app/jvm/1cpu.maxImageSizeMegabytes'");
  }

  @Test
  void catalogCellWithoutBudgetIsRefused() {
    Cell other = new Cell(TestBudgets.APP, CELL.mode(), new ResourceProfile("half", CpuLimit.cores(0.5), 256));
    String text = "gatling: {}\ncells:\n  app/jvm/1cpu: {maxMedianTimeToFirstOkMillis: 1, maxImageSizeMegabytes: 1,"
        + " maxMedianRssAfterWarmupMegabytes: 1}\nmachineReferenceMillis: {1cpu: 800, half: 1600}\n";
    assertThatThrownBy(() -> Budgets.parse(text, "budgets.yaml", List.of(CELL, other), List.of(), List.of()))
        .hasMessage("budgets.yaml line 2, field 'cells': no budget for cell 'app/jvm/half'; every cell of the catalog"
            + " needs one. For a first run that measures without asserting and proposes budgets from its medians,"
            + " give no budgets file (or one with cells: {})");
  }

  @Test
  void aFileWithoutBudgetsIsAFirstRunThatAssertsNone() {
    assertThat(parse("gatling: {}\ncells: {}\n").cells()).isEmpty();
  }

  @Test
  void budgetForAnUnknownCellIsRefused() {
    String text = VALID + "  app/jvm/2cpu:\n    maxMedianTimeToFirstOkMillis: 1\n    maxImageSizeMegabytes: 1\n"
        + "    maxMedianRssAfterWarmupMegabytes: 1\n";
    assertThatThrownBy(() -> parse(text))
        .hasMessageStartingWith("budgets.yaml line 7, field 'cells.app/jvm/2cpu': no such cell in the catalog; cells are"
            + " [app/jvm/1cpu]. A budgets file belongs to one catalog");
  }

  private static final BudgetDecision.Noise NO_POOL = BudgetDecision.Noise.NONE;

  /** This machine as fast as the budgets': 1000 ms now as then. */
  private static final MachineFactor SAME_PACE = new MachineFactor("1cpu", 1000, 1000, 0.01, 5);
  /** This machine twice as slow: 2000 ms now against the budgets' 1000 ms. */
  private static final MachineFactor HALF_PACE = new MachineFactor("1cpu", 2000, 1000, 0.01, 5);

  @Test
  void verdictComparesMediansNotSingleLaunches() {
    Budgets budgets = parse(VALID);
    // One slow outlier among five measured launches: the median is within budget.
    CellResult oneOutlier = TestBudgets.cellResult(100_000_000, 0, 900, 950, 990, 1900, 980, 970);
    assertThat(budgets.check(oneOutlier, SAME_PACE)).isEmpty();

    CellResult slow = TestBudgets.cellResult(120_000_000, 0, 900, 1100, 1200, 1050, 990, 1300);
    assertThat(budgets.check(slow, SAME_PACE)).extracting(Breach::message).containsExactly(
        "app/jvm/1cpu: median timeToFirstOkMillis is 1100 ms, over the budget of 1000 ms (1000 ms × machine factor"
            + " 1.00) (+10.0 %)",
        "app/jvm/1cpu: image size is 120 MB, over the budget of 100 MB (+20.0 %)");
  }

  @Test
  void aTimeBudgetIsJudgedAtTheMachinesPaceAndSizesAreNot() {
    Budgets budgets = parse(VALID);
    // Twice as slow a machine: 1900 ms is within 1000 ms × 2, and 120 MB is still over 100 MB.
    CellResult slowMachine = TestBudgets.cellResult(120_000_000, 0, 3000, 1900, 1950, 1850, 1900, 1920);
    assertThat(budgets.check(slowMachine, HALF_PACE)).extracting(Breach::metric).containsExactly("image size");
    // 20 % slower than the budget at that pace still fails, and says raw figure, factor and scaled budget.
    CellResult regressed = TestBudgets.cellResult(100_000_000, 0, 3000, 2400, 2400, 2450, 2380, 2420);
    assertThat(budgets.check(regressed, HALF_PACE)).extracting(Breach::message).containsExactly(
        "app/jvm/1cpu: median timeToFirstOkMillis is 2400 ms, over the budget of 2000 ms (1000 ms × machine factor"
            + " 2.00) (+20.0 %)");
  }

  @Test
  void theLaunchesStopOnceTheyTellTheVerdict() {
    Budgets budgets = parse(VALID);
    Budget budget = budgets.cells().get("app/jvm/1cpu");
    List<LaunchSample> clearlyWithin = TestBudgets.cellResult(100_000_000, 0, 3000, 1400, 1420, 1390).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, clearlyWithin, HALF_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.WITHIN);
    List<LaunchSample> clearlyOver = TestBudgets.cellResult(100_000_000, 0, 3000, 2600, 2620, 2590).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, clearlyOver, HALF_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.OVER);
    List<LaunchSample> close = TestBudgets.cellResult(100_000_000, 0, 3000, 1900, 2100, 1990).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, close, HALF_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.UNDECIDED);
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, clearlyWithin.subList(0, 2), HALF_PACE,
        NO_POOL))
        .as("two launches are too few").isEqualTo(BudgetDecision.UNDECIDED);
  }

  @Test
  void launchesThatCouldNotTellTheTimeVerdictByTheMostAreNotMade() {
    Budgets budgets = parse(VALID);
    Budget budget = budgets.cells().get("app/jvm/1cpu");
    // Three launches 15 % apart around the budget: two more would leave the verdict as undecided.
    List<LaunchSample> atTheBudget = TestBudgets.cellResult(100_000_000, 0, 3000, 880, 1000, 1150).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, atTheBudget, SAME_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.UNDECIDED);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", atTheBudget, SAME_PACE, NO_POOL, 5, 11))
        .isLessThan(BudgetDecision.LEAST_CHANCE_TO_DECIDE);
    // 25 % under it with the same spread: undecided at three, but five launches would likely tell it.
    List<LaunchSample> wellUnder = TestBudgets.cellResult(100_000_000, 0, 3000, 660, 750, 860).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, wellUnder, SAME_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.UNDECIDED);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", wellUnder, SAME_PACE, NO_POOL, 5, 11)).isGreaterThan(0.9);
    // The same launches at twice the pace read as 25 % under twice the budget: the factor applies.
    List<LaunchSample> wellUnderAtHalfPace = TestBudgets.cellResult(100_000_000, 0, 6000, 1320, 1500, 1720).measured();
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", wellUnderAtHalfPace, HALF_PACE, NO_POOL, 5, 11))
        .isGreaterThan(0.9);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", wellUnder.subList(0, 2), SAME_PACE, NO_POOL, 5, 11))
        .as("under three launches: too few to judge by").isEqualTo(1.0);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", wellUnder, SAME_PACE, NO_POOL, 3, 11))
        .as("no launch left").isZero();
  }

  @Test
  void aFactorStillUncertainMakesALaunchesTrendLessCertain() {
    Budgets budgets = parse(VALID);
    // 12 % under the budget, launches 3 % apart: a factor still uncertain leaves the verdict less likely told.
    List<LaunchSample> close = TestBudgets.cellResult(100_000_000, 0, 3000, 860, 880, 900).measured();
    MachineFactor steady = new MachineFactor("1cpu", 1000, 1000, 0.01, 5);
    MachineFactor unsteady = new MachineFactor("1cpu", 1000, 1000, 0.06, 5);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", close, steady, NO_POOL, 5, 11)).isGreaterThan(0.9);
    assertThat(budgets.chanceToDecideTime("app/jvm/1cpu", close, unsteady, NO_POOL, 5, 11))
        .isLessThan(budgets.chanceToDecideTime("app/jvm/1cpu", close, steady, NO_POOL, 5, 11));
  }

  @Test
  void threeLaunchesThatAgreeByChanceAreNotBelievedTighterThanTheRunsNoise() {
    Budget budget = parse(VALID).cells().get("app/jvm/1cpu");
    // 1.5 % apart: on their own they tell "within" 2000 ms at twice the pace.
    List<LaunchSample> agreeing = TestBudgets.cellResult(100_000_000, 0, 3000, 1780, 1800, 1810).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, agreeing, HALF_PACE, NO_POOL))
        .isEqualTo(BudgetDecision.WITHIN);
    // The run's other cells spread by 10 % a launch: 1,800 ms is not far enough under 2,000 to tell.
    BudgetDecision.Noise noisy = NO_POOL.plus(List.of(1000.0, 1100.0, 900.0, 1050.0, 950.0))
        .plus(List.of(500.0, 560.0, 450.0, 520.0, 470.0));
    assertThat(noisy.degreesOfFreedom()).isEqualTo(8);
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, agreeing, HALF_PACE, noisy))
        .isEqualTo(BudgetDecision.UNDECIDED);
    // Far under the budget, the pooled noise still decides it at three launches.
    List<LaunchSample> farUnder = TestBudgets.cellResult(100_000_000, 0, 3000, 1380, 1400, 1410).measured();
    assertThat(Budgets.decision(BudgetedMetric.TIME_TO_FIRST_OK, budget, farUnder, HALF_PACE, noisy))
        .isEqualTo(BudgetDecision.WITHIN);
  }

  @Test
  void aFactorBeyondTwoAndAHalfOrAnUncertainReferenceIsAdvisory() {
    assertThat(SAME_PACE.advisory()).isFalse();
    assertThat(new MachineFactor("1cpu", 2600, 1000, 0.01, 5).advisoryReason()).contains("2.60 times as long");
    assertThat(new MachineFactor("1cpu", 390, 1000, 0.01, 5).advisory()).isTrue();
    assertThat(new MachineFactor("1cpu", 1000, 1000, 0.08, 5).advisoryReason()).contains("uncertain by 8 %");
  }

  @Test
  void budgetsWithoutTheirMachineReferenceAreRefusedWithWhatToAdd() {
    assertThatThrownBy(() -> Budgets.parse(VALID, "budgets.yaml", CELLS, List.of(), List.of()))
        .hasMessageStartingWith("budgets.yaml, field 'machineReferenceMillis': is missing")
        .hasMessageContaining("recorded-budgets.yaml").hasMessageContaining("{1cpu: 1200}");
    assertThatThrownBy(() -> parse(VALID + "machineReferenceMillis: {2cpu: 1000}\n"))
        .hasMessageContaining("has no figure for profile '1cpu'");
  }

  @Test
  void theDiscardedWarmupLaunchDoesNotCount() {
    Budgets budgets = parse(VALID);
    // The warm-up launch (first) is far over budget; the measured ones are not.
    assertThat(budgets.check(TestBudgets.cellResult(100_000_000, 0, 50_000, 900, 900, 900), SAME_PACE)).isEmpty();
  }

  @Test
  void gatlingBudgetsCoverEveryLoadCellAndSimulation() {
    String text = VALID.replace("gatling: {}\n", "") + """
        gatling:
          app/jvm/1cpu:
            Steady: {maxP95Millis: 20, maxP99Millis: 50, maxErrorPercent: 0}
        machineReferenceMillis: {1cpu: 1000}
        """;
    assertThat(Budgets.parse(text, "budgets.yaml", CELLS, List.of("app/jvm/1cpu"), List.of("Steady"))
        .gatling("app/jvm/1cpu", "Steady")).isEqualTo(new GatlingBudget(20, 50, 0));
    assertThatThrownBy(() -> Budgets.parse(text, "budgets.yaml", CELLS, List.of("app/jvm/1cpu"), List.of("Steady", "Spike")))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("budgets.yaml line 7")
        .hasMessageContaining("no budget for simulation 'Spike'");
    assertThatThrownBy(() -> Budgets.parse(text, "budgets.yaml", CELLS, List.of("app/jvm/1cpu"), List.of("Ramp")))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("gatling.app/jvm/1cpu.Steady")
        .hasMessageContaining("no such simulation");
    assertThatThrownBy(() -> Budgets.parse(text, "budgets.yaml", CELLS, List.of(), List.of("Steady")))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("not a load cell");
  }

  /** {@code text} as budgets set on a machine whose reference took 1000 ms under the cell's profile. */
  private static Budgets parse(String text) {
    String withReference = text.contains("machineReferenceMillis") ? text : text + "machineReferenceMillis: {1cpu: 1000}\n";
    return Budgets.parse(withReference, "budgets.yaml", CELLS, List.of(), List.of());
  }
}
