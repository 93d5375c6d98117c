package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.result.CellResult;

/**
 * A cell's launches one after another ({@link CellLaunches}): {@code discarded} warm-up launches, then
 * {@code measured} ones, each with the warm-up requests, stopping at the first failure.
 */
public final class Launches {

  /** Launches per image that are measured but left out of the statistics. */
  public static final int DISCARDED = 1;

  private Launches() {}

  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured) {
    CellLaunches launches = CellLaunches.open(lab, cell);
    for (int i = 0; i < discarded && !launches.ended(); i++) {
      launches.discard();
    }
    while (!launches.ended() && launches.measured().size() < measured) {
      launches.measure(true);
    }
    return launches.result();
  }
}
