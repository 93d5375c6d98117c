package dev.perflab.harness.experiment.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a kind's engine gives the shared {@link Sweep}: its points in order, what each measures, how
 * one is run, and how its data adds up and is written.
 *
 * @param <P> a point
 * @param <D> what a point measured, and what all points so far measured (a record Jackson reads back)
 */
public interface SweepPlan<P extends SweepPoint, D> {

  /** The points to measure, in the order to measure them (repetition by repetition, so drift spreads). */
  List<P> points();

  /** Points that cannot run here, each with why; they are reported, not measured. */
  List<String> skipped();

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

  /** How a point ended, for the progress line, e.g. "MEASURED" or "DIED". */
  default String outcome(D pointData) {
    return "done";
  }

  /** The record {@link #run} returns, for reading finished points back. */
  Class<D> dataType();

  /** Nothing measured yet. */
  D empty();

  /** {@code sofar} and then {@code more}, in order. */
  D plus(D sofar, D more);

  /** Writes the dataset of everything so far into the report folder. */
  void write(Path reportDir, D data) throws IOException;
}
