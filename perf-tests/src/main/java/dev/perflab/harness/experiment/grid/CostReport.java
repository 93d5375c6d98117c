package dev.perflab.harness.experiment.grid;

import java.util.List;

/** A limits grid's costs: the model they were reckoned with, and per app and mode the recommended and cheapest points. */
public record CostReport(CostModel model, List<LimitsCost> costs) {

  public CostReport {
    costs = List.copyOf(costs);
  }
}
