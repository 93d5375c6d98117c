package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.sweep.RecordDataset;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A gate calibration's dataset beside its report: {@code comparisons.csv} (one row per comparison) and
 * {@code judgements.csv} (one per comparison and metric), the same rows as JSON. Written after every comparison.
 */
final class CalibrationDataset {

  static final String COMPARISONS_CSV = "comparisons.csv";
  static final String COMPARISONS_JSON = "comparisons.json";
  static final String JUDGEMENTS_CSV = "judgements.csv";
  static final String JUDGEMENTS_JSON = "judgements.json";

  private CalibrationDataset() {}

  static void write(Path dir, CalibrationData data) throws IOException {
    RecordDataset.write(dir, COMPARISONS_CSV, COMPARISONS_JSON, CalibrationComparison.class, data.comparisons());
    RecordDataset.write(dir, JUDGEMENTS_CSV, JUDGEMENTS_JSON, CalibrationJudgement.class, data.judgements());
  }
}
