package dev.perflab.harness.run;

import com.github.dockerjava.api.DockerClient;
import dev.perflab.harness.build.Toolchain;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellFailure;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.measure.AotTraining;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.measure.LaunchSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
    DockerClient docker = DockerClientFactory.instance().client();
    ImageInfo image;
    AotTraining training;
    try {
      Optional<ImageInfo> found = ImageInfo.find(docker, cell.image());
      Optional<String> unavailable = Toolchain.whyUnavailable(cell.mode(), cell.image(), found.isPresent());
      if (unavailable.isPresent()) {
        LOG.warn("{}: unavailable: {}", cell.id(), unavailable.get());
        return CellResult.unavailable(cell, unavailable.get());
      }
      image = found.orElseThrow(() -> new IllegalStateException("image " + cell.image() + " is not in the local"
          + " Docker engine; build it first with ./mvnw package (or verify) from the project root"));
      training = cell.mode().aotTrainingRecord() == null ? null
          : AotTraining.read(docker, cell.image(), cell.mode().aotTrainingRecord());
    } catch (IllegalStateException | IOException e) {
      return CellResult.of(cell, null, null, List.of(), CellFailure.beforeLaunch(cell.id(), e.getMessage()));
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
        return CellResult.of(cell, image, training, launches, e.failure());
      }
    }
    return CellResult.of(cell, image, training, launches, null);
  }
}
