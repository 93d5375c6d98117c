package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.grid.GridRow.StepOutcome;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.measure.JvmGcLog;
import dev.perflab.harness.result.Outcome;

/** A point's rows: the one of a point that ended before its first step, and the start of any. */
final class Rows {

  private Rows() {}

  /**
   * @param startup null if it never answered
   * @param gc its log so far; null if it never answered
   */
  static GridRow beforeLoad(GridPoint point, RunningCell.Startup startup, JvmGcLog gc, StepOutcome outcome,
      Outcome.Failed failure) {
    JvmGcLog.Choices choices = gc == null ? new JvmGcLog.Choices(null, null, null) : gc.choices();
    return builder(point)
        .timeToFirstOkMillis(startup == null ? null : startup.timeToFirstOkMillis())
        .cpuUntilReadySeconds(startup == null ? null : startup.cpuUntilReadySeconds())
        .jvmMaxHeapBytes(choices.maxHeapBytes()).jvmGc(choices.collector()).jvmActiveProcessors(choices.activeProcessors())
        .oomKills(failure.killedForMemory() ? 1 : 0).outcome(outcome).failure(failure.describe())
        .build();
  }

  /** A row of {@code point}, its figures still to set. */
  static GridRow.Builder builder(GridPoint point) {
    return GridRow.builder(point.app().name(), point.mode().name(), point.cpus().cores(), point.memoryMebibytes(),
        point.repetition());
  }
}
