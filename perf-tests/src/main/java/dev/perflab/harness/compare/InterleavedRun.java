package dev.perflab.harness.compare;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.LoadFigures;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.util.List;
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

    /** The side's failure: what failed on it, with the container's account. */
    Outcome.Failed failed(String what, Outcome.Failed failure) {
      return new Outcome.Failed(describe() + what + ": " + failure.subject(), failure.reason(), failure.exitCode(),
          failure.oomKilled(), failure.logTail());
    }
  }

  static CellComparison compare(Lab lab, CellPair pair, CompareSettings settings, LoadSettings load) {
    Images.Found imageA = lab.images().require(pair.cellId() + " side A", pair.baseline().mode(), pair.baseline().image());
    Images.Found imageB = lab.images().require(pair.cellId() + " side B", pair.candidate().mode(),
        pair.candidate().image());
    for (Images.Found image : List.of(imageA, imageB)) {
      if (!image.present()) {
        return CellComparison.notCompared(pair.cellId(), pair.baseline().image(), pair.candidate().image(),
            java.util.Map.of(), image.problem());
      }
    }
    Side a = new Side("A", pair.baseline(), new SideSamples());
    Side b = new Side("B", pair.candidate(), new SideSamples());
    a.samples().add(Metric.IMAGE_SIZE_BYTES, imageA.image().sizeBytes());
    b.samples().add(Metric.IMAGE_SIZE_BYTES, imageB.image().sizeBytes());
    Outcome outcome = Outcome.MEASURED;
    try {
      launch(lab, a, 0, true);
      launch(lab, b, 0, true);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        for (Side side : inTurn(a, b, repetition % 2 == 0)) {
          launch(lab, side, repetition, false);
        }
      }
      for (int repetition = 1; settings.load() && repetition <= settings.loadRepetitions(); repetition++) {
        for (Side side : inTurn(a, b, repetition % 2 == 1)) {
          drive(lab, side, load);
        }
      }
    } catch (SideFailed e) {
      outcome = e.failure;
      LOG.error("{}", e.failure.describe());
    }
    return new CellComparison(pair.cellId(), pair.baseline().image(), pair.candidate().image(), a.samples().byKey(),
        b.samples().byKey(), SideSamples.compare(a.samples(), b.samples(), settings), outcome);
  }

  /**
   * The candidate alone, against samples an earlier run recorded: the same launches, but not
   * interleaved, so drift between the two runs is not controlled.
   */
  static CellComparison compareToRecorded(Lab lab, Cell candidate, BaselineResults.RecordedCell recorded,
      CompareSettings settings) {
    Images.Found image = lab.images().require(candidate.id() + " side B", candidate.mode(), candidate.image());
    if (!image.present()) {
      return CellComparison.notCompared(candidate.id(), recorded.image(), candidate.image(), recorded.samples(),
          image.problem());
    }
    SideSamples a = recorded.asSideSamples();
    Side b = new Side("B", candidate, new SideSamples());
    b.samples().add(Metric.IMAGE_SIZE_BYTES, image.image().sizeBytes());
    Outcome outcome = Outcome.MEASURED;
    try {
      launch(lab, b, 0, true);
      for (int repetition = 1; repetition <= settings.repetitionsPerSide(); repetition++) {
        launch(lab, b, repetition, false);
      }
    } catch (SideFailed e) {
      outcome = e.failure;
      LOG.error("{}", e.failure.describe());
    }
    return new CellComparison(candidate.id(), recorded.image(), candidate.image(), a.byKey(), b.samples().byKey(),
        SideSamples.compare(a, b.samples(), settings), outcome);
  }

  /** Both sides, A first or B first. */
  private static List<Side> inTurn(Side a, Side b, boolean baselineFirst) {
    return baselineFirst ? List.of(a, b) : List.of(b, a);
  }

  private static void launch(Lab lab, Side side, int repetition, boolean discarded) throws SideFailed {
    Cell cell = side.cell();
    try {
      LaunchSample sample = lab.launcher().measure(cell, repetition, discarded);
      LOG.info("{} {} ({}) launch {}: first OK after {} ms{}", cell.id(), side.name(), cell.image(), repetition,
          Math.round(sample.timeToFirstOkMillis()), discarded ? " (discarded)" : "");
      if (!discarded) {
        side.samples().add(sample);
      }
    } catch (CellLaunchException e) {
      throw new SideFailed(side.failed("", e.failure()));
    }
  }

  /** A launch of one side failed: the comparison stops there, with the container's account. */
  private static final class SideFailed extends Exception {
    private final Outcome.Failed failure;

    SideFailed(Outcome.Failed failure) {
      super(failure.headline());
      this.failure = failure;
    }
  }

  /** One load run of one side: warm-up, fixed rate, capacity search, in a fresh container. */
  private static void drive(Lab lab, Side side, LoadSettings load) throws SideFailed {
    Cell cell = side.cell();
    try {
      LoadFigures figures = LoadFigures.measure(lab.launcher(), cell, load);
      LOG.info("{} {} ({}) load: p99 {} µs at {}/s, capacity {}/s", cell.id(), side.name(), cell.image(),
          Math.round(figures.p99Micros()), load.fixedRatePerSecond(), Math.round(figures.capacityPerSecond()));
      side.samples().add(Metric.P99_AT_FIXED_RATE_MICROS, figures.p99Micros());
      side.samples().add(Metric.CAPACITY_PER_SECOND, figures.capacityPerSecond());
    } catch (CellLaunchException e) {
      throw new SideFailed(side.failed(", load", e.failure()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SideFailed(Outcome.Failed.of(side.describe() + ", load", "interrupted"));
    } catch (RuntimeException e) {
      throw new SideFailed(Outcome.Failed.of(side.describe() + ", load", String.valueOf(e.getMessage())));
    }
  }
}
