package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/** What a gate calibration's points measured so far: a row per comparison, a row per comparison and metric. */
public record CalibrationData(List<CalibrationComparison> comparisons, List<CalibrationJudgement> judgements)
    implements SweepData<CalibrationData> {

  public static final CalibrationData EMPTY = new CalibrationData(List.of(), List.of());

  public CalibrationData {
    comparisons = List.copyOf(comparisons);
    judgements = List.copyOf(judgements);
  }

  @Override
  public CalibrationData plus(CalibrationData more) {
    return new CalibrationData(SweepData.join(comparisons, more.comparisons),
        SweepData.join(judgements, more.judgements));
  }
}
