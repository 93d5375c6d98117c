package dev.perflab.harness.experiment.ramp;

import java.util.ArrayList;
import java.util.List;

/** What a user-ramp experiment's points measured so far: each ramp's seconds, in the plan's order. */
public record UserRampData(List<RampRow> rows) {

  public static final UserRampData EMPTY = new UserRampData(List.of());

  public UserRampData {
    rows = List.copyOf(rows);
  }

  public UserRampData plus(UserRampData more) {
    List<RampRow> all = new ArrayList<>(rows);
    all.addAll(more.rows);
    return new UserRampData(all);
  }
}
