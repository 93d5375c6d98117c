package dev.perflab.harness.experiment.sweep;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * What a kind's engine gives the shared {@link Sweep}: its points in order ({@link PlannedPoints}), what each
 * measures ({@link PointSettings}), how one is run, and its dataset.
 *
 * @param <P> a point
 * @param <D> what a point measured, and what all points so far measured (a record Jackson reads back)
 */
public interface SweepPlan<P extends SweepPoint, D extends SweepData<D>> {

  /**
   * The points to measure, in the order to measure them (repetition by repetition, so drift spreads), and those
   * that cannot run here, each with why: they are reported, not measured.
   */
  PlannedPoints<P> planned();

  /**
   * Everything that decides what {@code point} measures, as text: its own settings, the scale's, the JVM
   * options, and every image it launches with the image's ID. A finished point is taken into a later
   * run only if this is the same; the rest of the experiment file does not count.
   */
  String settings(P point);

  /**
   * Fingerprints earlier versions of perflab recorded for {@code point} under the setup it has now;
   * a point found under one of them resumes and is recorded again under today's.
   */
  default List<String> formerFingerprints(P point) {
    return List.of();
  }

  /** Runs one point; a point that fails is data (its rows say how), not an exception. */
  D run(P point) throws IOException, InterruptedException;

  /**
   * The point's first failure of the app's, with its cause ("died at startup: exit code 137 ..."), if it failed: how
   * a resumed point is counted among the failures the summary names. Empty for a point that measured all it was
   * asked to.
   */
  Optional<String> failure(D pointData);

  /** How a point ended, for the progress line, e.g. "MEASURED" or "DIED". */
  default String outcome(D pointData) {
    return "done";
  }

  /** The record {@link #run} returns, and how the records of the points so far are written. */
  Dataset<D> dataset();
}
