package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A user-ramp experiment's dataset beside its report: {@code ramps.csv} (a header, then one row per
 * second of each ramp, every raw figure; empty where a second has none) and {@code ramps.json} (the
 * same rows). Written after every ramp, so a killed run's dataset holds what it finished.
 */
final class UserRampDataset {

  static final String CSV = "ramps.csv";
  static final String JSON = "ramps.json";

  private UserRampDataset() {}

  static void write(Path dir, UserRampData data) throws IOException {
    RecordDataset.write(dir, CSV, JSON, RampRow.class, data.rows());
  }
}
