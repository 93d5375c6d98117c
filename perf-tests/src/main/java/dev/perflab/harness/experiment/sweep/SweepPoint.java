package dev.perflab.harness.experiment.sweep;

/** One point of an experiment in one repetition, whatever it launches. */
public interface SweepPoint {

  /** How logs and failures name it, e.g. "quarkus/jvm/0.5cpu-256m #1". */
  String id();

  /** Its file among a run's finished points: unique per point and repetition, safe in any file system. */
  String fileName();
}
