package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.result.experiment.GridRow;
import dev.perflab.harness.result.experiment.GridSecond;

/** Rows as a grid run writes them, for tests. */
final class GridRows {

  private GridRows() {}

  static GridRow measured(GridPoint point, int step, double ratePerSecond) {
    return new GridRow(point.app().name(), point.mode().name(), point.cpus().cores(), point.memoryMebibytes(),
        point.repetition(), 3_500.0, 2.1, 128L << 20, "Serial", 1, step, ratePerSecond, ratePerSecond,
        (long) ratePerSecond * 5, 0L, 1.2, 2.5, 4.0, 0.3, 0.4, 0.5, 0.55, 0.0, 0.0, 0.001, 120L, 0, 140L << 20,
        GridRow.StepOutcome.MEASURED, null);
  }

  static GridSecond second(GridPoint point, int step, double ratePerSecond, int second) {
    return new GridSecond(point.app().name(), point.mode().name(), point.cpus().cores(), point.memoryMebibytes(),
        point.repetition(), step, ratePerSecond, second, (long) ratePerSecond, 1.1, 2.4, 3.9, 0.35, 0.52, 0.0);
  }
}
