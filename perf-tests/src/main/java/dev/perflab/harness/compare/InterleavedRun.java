package dev.perflab.harness.compare;

import com.github.dockerjava.api.DockerClient;
import dev.perflab.harness.build.Toolchain;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.load.LoadFigures;
import dev.perflab.harness.load.LoadSettings;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.measure.LaunchSample;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches both sides of one cell in turn, A B B A A B …, so that whatever drifts on the machine
 * during the run (a warming page cache, a neighbour, thermal state) lands on both sides alike and
 * neither is always the one launched second. Each side first has one discarded launch, as in the
 * perf run; then {@code repetitionsPerSide} measured ones. With load comparison on, each side then
 * has {@code loadRepetitions} load runs, interleaved the same way, each in a fresh container.
 */
final class InterleavedRun {

  private static final Logger LOG = LoggerFactory.getLogger(InterleavedRun.class);

  private InterleavedRun() {}

  static CellComparison compare(CellLauncher launcher, DockerClient docker, CellPair pair, CompareSettings settings,
      LoadSettings load) {
    Optional<String> unavailable = whyUnavailable(docker, pair.baseline()).or(() -> whyUnavailable(docker, pair.candidate()));
    if (unavailable.isPresent()) {
      return CellComparison.unavailable(pair, unavailable.get());
    }
    SideSamples a = new SideSamples();
    SideSamples b = new SideSamples();
    a.add(ComparedMetric.IMAGE_SIZE_BYTES, image(docker, pair.baseline()).sizeBytes());
    b.add(ComparedMetric.IMAGE_SIZE_BYTES, image(docker, pair.candidate()).sizeBytes());
    String failure = null;
    try {
      launch(launcher, pair.baseline(), "A", 0, true, a);
      launch(launcher, pair.candidate(), "B", 0, true, b);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        boolean baselineFirst = repetition % 2 == 0;
        launch(launcher, baselineFirst ? pair.baseline() : pair.candidate(), baselineFirst ? "A" : "B", repetition,
            false, baselineFirst ? a : b);
        launch(launcher, baselineFirst ? pair.candidate() : pair.baseline(), baselineFirst ? "B" : "A", repetition,
            false, baselineFirst ? b : a);
      }
      for (int repetition = 1; settings.load() && repetition <= settings.loadRepetitions(); repetition++) {
        boolean baselineFirst = repetition % 2 == 1;
        drive(launcher, baselineFirst ? pair.baseline() : pair.candidate(), baselineFirst ? "A" : "B", load,
            baselineFirst ? a : b);
        drive(launcher, baselineFirst ? pair.candidate() : pair.baseline(), baselineFirst ? "B" : "A", load,
            baselineFirst ? b : a);
      }
    } catch (SideFailed e) {
      failure = e.getMessage();
      LOG.error("{}", failure);
    }
    return new CellComparison(pair.cellId(), pair.baseline().image(), pair.candidate().image(), a.byKey(), b.byKey(),
        SideSamples.compare(a, b, settings), failure, null);
  }

  /**
   * The candidate alone, against samples an earlier run recorded: the same launches, but not
   * interleaved, so drift between the two runs is not controlled.
   */
  static CellComparison compareToRecorded(CellLauncher launcher, DockerClient docker, Cell candidate,
      BaselineResults.RecordedCell recorded, CompareSettings settings) {
    Optional<String> unavailable = whyUnavailable(docker, candidate);
    if (unavailable.isPresent()) {
      return new CellComparison(candidate.id(), recorded.image(), candidate.image(), recorded.samples(), Map.of(),
          List.of(), null, unavailable.get());
    }
    SideSamples a = recorded.asSideSamples();
    SideSamples b = new SideSamples();
    b.add(ComparedMetric.IMAGE_SIZE_BYTES, image(docker, candidate).sizeBytes());
    String failure = null;
    try {
      launch(launcher, candidate, "B", 0, true, b);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        launch(launcher, candidate, "B", repetition, false, b);
      }
    } catch (SideFailed e) {
      failure = e.getMessage();
      LOG.error("{}", failure);
    }
    return new CellComparison(candidate.id(), recorded.image(), candidate.image(), a.byKey(), b.byKey(),
        SideSamples.compare(a, b, settings), failure, null);
  }

  private static void launch(CellLauncher launcher, Cell cell, String side, int repetition, boolean discarded,
      SideSamples samples) throws SideFailed {
    try {
      LaunchSample sample = launcher.measure(cell, repetition, discarded);
      LOG.info("{} {} ({}) launch {}: first OK after {} ms{}", cell.id(), side, cell.image(), repetition,
          Math.round(sample.timeToFirstOkMillis()), discarded ? " (discarded)" : "");
      if (!discarded) {
        samples.add(sample);
      }
    } catch (CellLaunchException e) {
      throw new SideFailed("side " + side + " (" + cell.image() + "): " + e.failure().describe());
    }
  }

  /** A launch of one side failed: the comparison stops there, with the container's account. */
  private static final class SideFailed extends Exception {
    SideFailed(String message) {
      super(message);
    }
  }

  /** One load run of one side: warm-up, fixed rate, capacity search, in a fresh container. */
  private static void drive(CellLauncher launcher, Cell cell, String side, LoadSettings load, SideSamples samples)
      throws SideFailed {
    try {
      LoadFigures figures = LoadFigures.measure(launcher, cell, load);
      LOG.info("{} {} ({}) load: p99 {} µs at {}/s, capacity {}/s", cell.id(), side, cell.image(),
          Math.round(figures.p99Micros()), load.fixedRatePerSecond(), Math.round(figures.capacityPerSecond()));
      samples.add(ComparedMetric.P99_AT_FIXED_RATE_MICROS, figures.p99Micros());
      samples.add(ComparedMetric.CAPACITY_PER_SECOND, figures.capacityPerSecond());
    } catch (CellLaunchException e) {
      throw new SideFailed("side " + side + " (" + cell.image() + "), load: " + e.failure().describe());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SideFailed("side " + side + " (" + cell.image() + "), load: interrupted");
    } catch (RuntimeException e) {
      throw new SideFailed("side " + side + " (" + cell.image() + "), load: " + e.getMessage());
    }
  }

  private static Optional<String> whyUnavailable(DockerClient docker, Cell cell) {
    boolean present = ImageInfo.find(docker, cell.image()).isPresent();
    Optional<String> missingTool = Toolchain.whyUnavailable(cell.mode(), cell.image(), present);
    if (missingTool.isPresent() || present) {
      return missingTool;
    }
    return Optional.of("image " + cell.image() + " is not in the local Docker engine; build it first");
  }

  private static ImageInfo image(DockerClient docker, Cell cell) {
    return ImageInfo.find(docker, cell.image()).orElseThrow();
  }
}
