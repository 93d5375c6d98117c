package dev.perflab.harness.budget;

import dev.perflab.harness.catalog.Cell;
import java.util.List;

/** Budgets from YAML text for tests outside this package, for cells without Gatling budgets. */
public final class TestBudgets {

  private TestBudgets() {}

  public static Budgets parse(String yaml, List<Cell> cells) {
    return Budgets.parse(yaml, "budgets.yaml", cells, List.of(), List.of());
  }
}
