package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One cell's launches, taken one at a time, each in a fresh container, so that a part may take them
 * in turns with other cells' ({@code StartupPart} goes round the cells). The cell's first launch proves
 * its limits from inside ({@link LaunchSteps}); a discarded launch gets no warm-up requests. The first
 * failure ends the cell, recorded with the container's logs.
 */
public final class CellLaunches {

  private static final Logger LOG = LoggerFactory.getLogger(CellLaunches.class);

  private final Lab lab;
  private final Cell cell;
  private final ImageInfo image;
  private final AotTraining training;
  private final List<LaunchSample> launches = new ArrayList<>();
  private Outcome outcome;

  private CellLaunches(Lab lab, Cell cell, ImageInfo image, AotTraining training, Outcome outcome) {
    this.lab = lab;
    this.cell = cell;
    this.image = image;
    this.training = training;
    this.outcome = outcome;
  }

  /** The cell ready to launch, or already ended when its image is missing or its AOT training unreadable. */
  public static CellLaunches open(Lab lab, Cell cell) {
    Images.Found found = lab.images().require(cell.id(), cell.mode(), cell.image());
    if (!found.present()) {
      LOG.warn("{}: {}", cell.id(), found.problem().summary());
      return new CellLaunches(lab, cell, null, null, found.problem());
    }
    try {
      AotTraining training = cell.mode().aotTrainingRecord() == null ? null
          : lab.images().aotTraining(cell.image(), cell.mode().aotTrainingRecord());
      return new CellLaunches(lab, cell, found.image(), training, null);
    } catch (IllegalStateException | IOException e) {
      return new CellLaunches(lab, cell, found.image(), null,
          Outcome.Failed.of(cell.id() + " failed before its first launch", e.getMessage()));
    }
  }

  public Cell cell() {
    return cell;
  }

  /** Whether it can launch no more: its image is missing, or a launch failed. */
  public boolean ended() {
    return outcome != null;
  }

  /** A launch left out of the statistics: it reads the image's files into the page cache. */
  public void discard() {
    launch(true, false);
  }

  /** A measured launch, with the warm-up requests (and memory after them) when {@code warmup}. */
  public void measure(boolean warmup) {
    launch(false, warmup);
  }

  /** The measured launches so far. */
  public List<LaunchSample> measured() {
    return launches.stream().filter(launch -> !launch.discarded()).toList();
  }

  public CellResult result() {
    return new CellResult(cell.id(), image, training, launches, outcome == null ? Outcome.MEASURED : outcome);
  }

  private void launch(boolean discard, boolean warmup) {
    if (ended()) {
      throw new IllegalStateException(cell.id() + " has ended: " + outcome);
    }
    int repetition = launches.size();
    try {
      // The limits are the same in every launch of a cell, so the first launch proves them for all.
      LaunchSample sample = lab.launcher().measure(cell, repetition, discard,
          new LaunchSteps(!discard && warmup, repetition == 0));
      LOG.info("{} launch {}: first OK after {} ms{}", cell.id(), repetition + 1,
          Math.round(sample.timeToFirstOkMillis()), discard ? " (warm-up, discarded)" : "");
      launches.add(sample);
    } catch (CellLaunchException e) {
      LOG.error("{}", e.failure().describe());
      outcome = e.failure();
    }
  }
}
