package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cell's launches, each in a fresh container: {@code discarded} warm-up launches, then {@code
 * measured} ones, stopping at the first failure, which is recorded with the container's logs. The
 * cell's first launch proves its limits from inside ({@link LaunchSteps}); every measured launch gets
 * the warm-up requests, a discarded one none.
 */
public final class Launches {

  private static final Logger LOG = LoggerFactory.getLogger(Launches.class);

  /** Launches per cell that are measured but left out of its statistics. */
  public static final int DISCARDED = 1;

  private Launches() {}

  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured) {
    return measure(lab, cell, discarded, measured, launches -> false, launches -> true);
  }

  /**
   * As many measured launches as {@code enough} needs to say so (asked after each one), at most
   * {@code measured}: a cell whose launches already tell its verdict stops there. A measured launch gets
   * the warm-up requests while {@code warmup} says the launches so far still need them.
   */
  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured,
      Predicate<List<LaunchSample>> enough, Predicate<List<LaunchSample>> warmup) {
    Images.Found image = lab.images().require(cell.id(), cell.mode(), cell.image());
    if (!image.present()) {
      LOG.warn("{}: {}", cell.id(), image.problem().summary());
      return new CellResult(cell.id(), null, null, List.of(), image.problem());
    }
    AotTraining training;
    try {
      training = cell.mode().aotTrainingRecord() == null ? null
          : lab.images().aotTraining(cell.image(), cell.mode().aotTrainingRecord());
    } catch (IllegalStateException | IOException e) {
      return new CellResult(cell.id(), image.image(), null, List.of(),
          Outcome.Failed.of(cell.id() + " failed before its first launch", e.getMessage()));
    }
    List<LaunchSample> launches = new ArrayList<>();
    int launchCount = discarded + measured;
    for (int repetition = 0; repetition < launchCount; repetition++) {
      try {
        boolean discard = repetition < discarded;
        List<LaunchSample> before = launches.stream().filter(launch -> !launch.discarded()).toList();
        // A discarded launch needs no warm-up; the limits are the same in every launch of a cell, so
        // the first launch proves them for all.
        LaunchSample sample = lab.launcher().measure(cell, repetition, discard,
            new LaunchSteps(!discard && warmup.test(before), repetition == 0));
        LOG.info("{} launch {}/{}: first OK after {} ms{}", cell.id(), repetition + 1, launchCount,
            Math.round(sample.timeToFirstOkMillis()), sample.discarded() ? " (warm-up, discarded)" : "");
        launches.add(sample);
        List<LaunchSample> measuredSoFar = launches.stream().filter(launch -> !launch.discarded()).toList();
        if (!measuredSoFar.isEmpty() && repetition + 1 < launchCount && enough.test(measuredSoFar)) {
          LOG.info("{}: {} measured launches tell its verdict; no more", cell.id(), measuredSoFar.size());
          break;
        }
      } catch (CellLaunchException e) {
        LOG.error("{}", e.failure().describe());
        return new CellResult(cell.id(), image.image(), training, launches, e.failure());
      }
    }
    return new CellResult(cell.id(), image.image(), training, launches, Outcome.MEASURED);
  }
}
