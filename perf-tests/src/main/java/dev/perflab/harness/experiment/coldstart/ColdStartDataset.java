package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A cold-start experiment's dataset beside its report: {@code launches.csv} (a header, then one row per
 * launch, every raw figure; empty where a launch has none) and {@code launches.json} (the same rows).
 * Written after every launch, so a killed run's dataset holds what it finished.
 */
final class ColdStartDataset {

  static final String CSV = "launches.csv";
  static final String JSON = "launches.json";

  private ColdStartDataset() {}

  static void write(Path dir, ColdStartData data) throws IOException {
    RecordDataset.write(dir, CSV, JSON, ColdStartLaunch.class, data.launches());
  }
}
