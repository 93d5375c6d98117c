package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellFailure;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.measure.LaunchSample;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Measures cells one after another (never two at once: they would share the measured CPU):
 * per cell one discarded warm-up launch, then {@code repetitions} measured ones, each in a
 * fresh container. A failing cell is recorded with its logs and the run goes on.
 */
public final class PerfRun {

  private static final Logger LOG = LoggerFactory.getLogger(PerfRun.class);

  private PerfRun() {}

  /** Launches per cell that are measured but left out of its statistics. */
  public static final int DISCARDED_LAUNCHES = 1;

  public static List<CellResult> measure(Lab lab, List<Cell> cells, int repetitions) {
    List<CellResult> results = new ArrayList<>();
    for (Cell cell : cells) {
      results.add(measure(lab.launcher(), cell, DISCARDED_LAUNCHES, repetitions));
    }
    return List.copyOf(results);
  }

  /** {@code discarded} warm-up launches, then {@code measured} ones, stopping at the first failure. */
  public static CellResult measure(CellLauncher launcher, Cell cell, int discarded, int measured) {
    ImageInfo image;
    try {
      image = ImageInfo.inspect(DockerClientFactory.instance().client(), cell.image());
    } catch (IllegalStateException e) {
      return CellResult.of(cell, null, List.of(), CellFailure.beforeLaunch(cell.id(), e.getMessage()));
    }
    List<LaunchSample> launches = new ArrayList<>();
    int launchCount = discarded + measured;
    for (int repetition = 0; repetition < launchCount; repetition++) {
      try {
        LaunchSample sample = launcher.measure(cell, repetition, repetition < discarded);
        LOG.info("{} launch {}/{}: first OK after {} ms{}", cell.id(), repetition + 1, launchCount,
            Math.round(sample.timeToFirstOkMillis()), sample.discarded() ? " (warm-up, discarded)" : "");
        launches.add(sample);
      } catch (CellLaunchException e) {
        LOG.error("{}", e.failure().describe());
        return CellResult.of(cell, image, launches, e.failure());
      }
    }
    return CellResult.of(cell, image, launches, null);
  }
}
