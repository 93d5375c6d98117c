package dev.perflab.harness.experiment.coldstart;

import java.util.ArrayList;
import java.util.List;

/** What a cold-start experiment's points measured so far: one launch each, in the plan's order. */
public record ColdStartData(List<ColdStartLaunch> launches) {

  public static final ColdStartData EMPTY = new ColdStartData(List.of());

  public ColdStartData {
    launches = List.copyOf(launches);
  }

  public ColdStartData plus(ColdStartData more) {
    List<ColdStartLaunch> all = new ArrayList<>(launches);
    all.addAll(more.launches);
    return new ColdStartData(all);
  }
}
