package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.budget.BudgetDecision;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.TestBudgets;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.result.CellResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StartupPartResultTest {

  private static final ResourceProfile PROFILE = TestBudgets.PROFILE;
  private static final Cell CELL = TestBudgets.CELL;
  private static final Budgets BUDGETS = TestBudgets.parse(TestBudgets.VALID + "machineReferenceMillis: {1cpu: 1000}\n",
      List.of(CELL));
  /** The machine at the budgets' pace, its five runs 1 % apart. */
  private static final ReferenceRuns REFERENCE = new ReferenceRuns("1cpu",
      List.of(990.0, 1000.0, 1010.0, 995.0, 1005.0), List.of(990.0, 1000.0, 1010.0, 995.0, 1005.0));

  @Test
  void aCellsTimeVerdictIsToldWithTheNoiseItsStopWasDecidedWith() {
    // Three launches 2 % apart, 18 % under the budget: told "within" on their own spread.
    CellResult cell = TestBudgets.cellResult(50_000_000L, 100_000_000L, 3000, 810, 820, 830);
    BudgetDecision.Noise noisyLater = BudgetDecision.Noise.NONE.plus(List.of(1000.0, 1300.0, 800.0, 1200.0, 850.0));

    CellReport atTheStop = judged(cell, BudgetDecision.Noise.NONE);
    CellReport withLaterNoise = judged(cell, noisyLater);

    assertThat(atTheStop.timeDecision()).isEqualTo(BudgetDecision.WITHIN);
    assertThat(atTheStop.timeAdvisoryReason()).isNull();
    assertThat(withLaterNoise.timeDecision()).isEqualTo(BudgetDecision.UNDECIDED);
    assertThat(withLaterNoise.timeAdvisoryReason()).startsWith("its launches spread too widely");
  }

  private static CellReport judged(CellResult cell, BudgetDecision.Noise noise) {
    return StartupPart.Result.judged(1, 5, List.of(cell), BUDGETS, List.of(REFERENCE), Map.of(CELL.id(), REFERENCE),
        Map.of(CELL.id(), noise), List.of(PROFILE)).cells().getFirst();
  }
}
