package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.measure.JvmGcLog;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.experiment.GridRow;
import dev.perflab.harness.result.experiment.GridRow.StepOutcome;

/** The one row of a point that ended before its first step. */
final class Rows {

  private Rows() {}

  /**
   * @param startup null if it never answered
   * @param gc its log so far; null if it never answered
   */
  static GridRow beforeLoad(GridPoint point, RunningCell.Startup startup, JvmGcLog gc, StepOutcome outcome,
      Outcome.Failed failure) {
    JvmGcLog.Choices choices = gc == null ? new JvmGcLog.Choices(null, null, null) : gc.choices();
    return new GridRow(point.app().name(), point.mode().name(), point.cpus().cores(), point.memoryMebibytes(),
        point.repetition(),
        startup == null ? null : startup.timeToFirstOkMillis(), startup == null ? null : startup.cpuUntilReadySeconds(),
        choices.maxHeapBytes(), choices.collector(), choices.activeProcessors(),
        -1, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
        failure.killedForMemory() ? 1 : 0, null, outcome, failure.describe());
  }
}
