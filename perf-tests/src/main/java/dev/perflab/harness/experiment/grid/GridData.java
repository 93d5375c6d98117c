package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/**
 * What the limits grid measured, of one point or of the whole run: its steps and, per step, its
 * seconds.
 *
 * @param rows one per load step (or one for a point that died before load)
 * @param seconds one per measured second of each step; empty for points recorded before seconds
 *     were kept
 */
public record GridData(List<GridRow> rows, List<GridSecond> seconds) implements SweepData<GridData> {

  public static final GridData EMPTY = new GridData(List.of(), List.of());

  public GridData {
    rows = List.copyOf(rows);
    seconds = seconds == null ? List.of() : List.copyOf(seconds);
  }

  @Override
  public GridData plus(GridData more) {
    return new GridData(SweepData.join(rows, more.rows), SweepData.join(seconds, more.seconds));
  }
}
