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

  /** One side of the comparison: its name in the logs ("A", "B"), its cell on its image, its samples. */
  private record Side(String name, Cell cell, SideSamples samples) {

    /** "side B (perflab/quarkus:3.37.3-jvm-slowed)": how a failure names the side. */
    String describe() {
      return "side " + name + " (" + cell.image() + ")";
    }
  }

  static CellComparison compare(CellLauncher launcher, DockerClient docker, CellPair pair, CompareSettings settings,
      LoadSettings load) {
    Optional<ImageInfo> imageA = ImageInfo.find(docker, pair.baseline().image());
    Optional<ImageInfo> imageB = ImageInfo.find(docker, pair.candidate().image());
    Optional<String> unavailable =
        whyUnavailable(pair.baseline(), imageA).or(() -> whyUnavailable(pair.candidate(), imageB));
    if (unavailable.isPresent()) {
      return CellComparison.unavailable(pair, unavailable.get());
    }
    Side a = new Side("A", pair.baseline(), new SideSamples());
    Side b = new Side("B", pair.candidate(), new SideSamples());
    a.samples().add(ComparedMetric.IMAGE_SIZE_BYTES, imageA.orElseThrow().sizeBytes());
    b.samples().add(ComparedMetric.IMAGE_SIZE_BYTES, imageB.orElseThrow().sizeBytes());
    String failure = null;
    try {
      launch(launcher, a, 0, true);
      launch(launcher, b, 0, true);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        for (Side side : inTurn(a, b, repetition % 2 == 0)) {
          launch(launcher, side, repetition, false);
        }
      }
      for (int repetition = 1; settings.load() && repetition <= settings.loadRepetitions(); repetition++) {
        for (Side side : inTurn(a, b, repetition % 2 == 1)) {
          drive(launcher, side, load);
        }
      }
    } catch (SideFailed e) {
      failure = e.getMessage();
      LOG.error("{}", failure);
    }
    return new CellComparison(pair.cellId(), pair.baseline().image(), pair.candidate().image(), a.samples().byKey(),
        b.samples().byKey(), SideSamples.compare(a.samples(), b.samples(), settings), failure, null);
  }

  /**
   * The candidate alone, against samples an earlier run recorded: the same launches, but not
   * interleaved, so drift between the two runs is not controlled.
   */
  static CellComparison compareToRecorded(CellLauncher launcher, DockerClient docker, Cell candidate,
      BaselineResults.RecordedCell recorded, CompareSettings settings) {
    Optional<ImageInfo> image = ImageInfo.find(docker, candidate.image());
    Optional<String> unavailable = whyUnavailable(candidate, image);
    if (unavailable.isPresent()) {
      return new CellComparison(candidate.id(), recorded.image(), candidate.image(), recorded.samples(), Map.of(),
          List.of(), null, unavailable.get());
    }
    SideSamples a = recorded.asSideSamples();
    Side b = new Side("B", candidate, new SideSamples());
    b.samples().add(ComparedMetric.IMAGE_SIZE_BYTES, image.orElseThrow().sizeBytes());
    String failure = null;
    try {
      launch(launcher, b, 0, true);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        launch(launcher, b, repetition, false);
      }
    } catch (SideFailed e) {
      failure = e.getMessage();
      LOG.error("{}", failure);
    }
    return new CellComparison(candidate.id(), recorded.image(), candidate.image(), a.byKey(), b.samples().byKey(),
        SideSamples.compare(a, b.samples(), settings), failure, null);
  }

  /** Both sides, A first or B first. */
  private static List<Side> inTurn(Side a, Side b, boolean baselineFirst) {
    return baselineFirst ? List.of(a, b) : List.of(b, a);
  }

  private static void launch(CellLauncher launcher, Side side, int repetition, boolean discarded) throws SideFailed {
    Cell cell = side.cell();
    try {
      LaunchSample sample = launcher.measure(cell, repetition, discarded);
      LOG.info("{} {} ({}) launch {}: first OK after {} ms{}", cell.id(), side.name(), cell.image(), repetition,
          Math.round(sample.timeToFirstOkMillis()), discarded ? " (discarded)" : "");
      if (!discarded) {
        side.samples().add(sample);
      }
    } catch (CellLaunchException e) {
      throw new SideFailed(side.describe() + ": " + e.failure().describe());
    }
  }

  /** A launch of one side failed: the comparison stops there, with the container's account. */
  private static final class SideFailed extends Exception {
    SideFailed(String message) {
      super(message);
    }
  }

  /** One load run of one side: warm-up, fixed rate, capacity search, in a fresh container. */
  private static void drive(CellLauncher launcher, Side side, LoadSettings load) throws SideFailed {
    Cell cell = side.cell();
    try {
      LoadFigures figures = LoadFigures.measure(launcher, cell, load);
      LOG.info("{} {} ({}) load: p99 {} µs at {}/s, capacity {}/s", cell.id(), side.name(), cell.image(),
          Math.round(figures.p99Micros()), load.fixedRatePerSecond(), Math.round(figures.capacityPerSecond()));
      side.samples().add(ComparedMetric.P99_AT_FIXED_RATE_MICROS, figures.p99Micros());
      side.samples().add(ComparedMetric.CAPACITY_PER_SECOND, figures.capacityPerSecond());
    } catch (CellLaunchException e) {
      throw new SideFailed(side.describe() + ", load: " + e.failure().describe());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SideFailed(side.describe() + ", load: interrupted");
    } catch (RuntimeException e) {
      throw new SideFailed(side.describe() + ", load: " + e.getMessage());
    }
  }

  private static Optional<String> whyUnavailable(Cell cell, Optional<ImageInfo> image) {
    Optional<String> missingTool = Toolchain.whyUnavailable(cell.mode(), cell.image(), image.isPresent());
    if (missingTool.isPresent() || image.isPresent()) {
      return missingTool;
    }
    return Optional.of("image " + cell.image() + " is not in the local Docker engine; build it first");
  }
}
