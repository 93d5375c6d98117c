package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/** What a user-ramp experiment's points measured so far: each ramp's seconds, in the plan's order. */
public record UserRampData(List<RampRow> rows) implements SweepData<UserRampData> {

  public static final UserRampData EMPTY = new UserRampData(List.of());

  public UserRampData {
    rows = List.copyOf(rows);
  }

  @Override
  public UserRampData plus(UserRampData more) {
    return new UserRampData(SweepData.join(rows, more.rows));
  }
}
