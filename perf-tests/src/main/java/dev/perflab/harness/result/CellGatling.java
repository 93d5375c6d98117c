package dev.perflab.harness.result;

import java.util.List;
import java.util.Objects;

/**
 * What the Gatling part found for one load cell: each simulation's run against one container; or
 * why the cell could not be started (failed) or is unavailable here.
 *
 * @param skipped why the simulations did not run against the cell (its app does not answer the
 *     perflab contract they exercise), else null
 */
public record CellGatling(String cellId, Outcome outcome, List<GatlingRun> runs, String skipped) {

  public CellGatling {
    Objects.requireNonNull(outcome, "outcome");
    runs = List.copyOf(runs);
  }

  public static CellGatling skipped(String cellId, String why) {
    return new CellGatling(cellId, Outcome.MEASURED, List.of(), why);
  }
}
