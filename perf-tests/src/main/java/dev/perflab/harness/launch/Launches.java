package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A cell's launches, each in a fresh container: {@code discarded} warm-up launches, then {@code
 * measured} ones, stopping at the first failure, which is recorded with the container's logs.
 */
public final class Launches {

  private static final Logger LOG = LoggerFactory.getLogger(Launches.class);

  /** Launches per cell that are measured but left out of its statistics. */
  public static final int DISCARDED = 1;

  private Launches() {}

  /** Each cell in turn (never two at once: they would share the measured CPU). */
  public static List<CellResult> measure(Lab lab, List<Cell> cells, int measured) {
    List<CellResult> results = new ArrayList<>();
    for (Cell cell : cells) {
      results.add(measure(lab, cell, DISCARDED, measured));
    }
    return List.copyOf(results);
  }

  public static CellResult measure(Lab lab, Cell cell, int discarded, int measured) {
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
        LaunchSample sample = lab.launcher().measure(cell, repetition, repetition < discarded);
        LOG.info("{} launch {}/{}: first OK after {} ms{}", cell.id(), repetition + 1, launchCount,
            Math.round(sample.timeToFirstOkMillis()), sample.discarded() ? " (warm-up, discarded)" : "");
        launches.add(sample);
      } catch (CellLaunchException e) {
        LOG.error("{}", e.failure().describe());
        return new CellResult(cell.id(), image.image(), training, launches, e.failure());
      }
    }
    return new CellResult(cell.id(), image.image(), training, launches, Outcome.MEASURED);
  }
}
