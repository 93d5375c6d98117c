package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cell's launches one after another ({@link CellLaunches}): {@code discarded} warm-up launches, then
 * {@code measured} ones, stopping at the first failure.
 */
public final class Launches {

  private static final Logger LOG = LoggerFactory.getLogger(Launches.class);

  /** Launches per image that are measured but left out of the statistics. */
  public static final int DISCARDED = 1;

  private Launches() {}

  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured) {
    return measure(lab, cell, discarded, measured, launches -> false, launches -> true);
  }

  /**
   * As many measured launches as {@code enough} needs to say so (asked after each one), at most
   * {@code measured}. A measured launch gets the warm-up requests while {@code warmup} says the launches
   * so far still need them.
   */
  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured,
      Predicate<List<LaunchSample>> enough, Predicate<List<LaunchSample>> warmup) {
    CellLaunches launches = CellLaunches.open(lab, cell);
    for (int i = 0; i < discarded && !launches.ended(); i++) {
      launches.discard();
    }
    while (!launches.ended() && launches.measured().size() < measured) {
      launches.measure(warmup.test(launches.measured()));
      if (!launches.ended() && launches.measured().size() < measured && enough.test(launches.measured())) {
        LOG.info("{}: {} measured launches tell its verdict; no more", cell.id(), launches.measured().size());
        break;
      }
    }
    return launches.result();
  }
}
