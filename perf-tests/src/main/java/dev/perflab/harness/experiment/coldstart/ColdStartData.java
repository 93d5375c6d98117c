package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/** What a cold-start experiment's points measured so far: one launch each, in the plan's order. */
public record ColdStartData(List<ColdStartLaunch> launches) implements SweepData<ColdStartData> {

  public static final ColdStartData EMPTY = new ColdStartData(List.of());

  public ColdStartData {
    launches = List.copyOf(launches);
  }

  @Override
  public ColdStartData plus(ColdStartData more) {
    return new ColdStartData(SweepData.join(launches, more.launches));
  }
}
