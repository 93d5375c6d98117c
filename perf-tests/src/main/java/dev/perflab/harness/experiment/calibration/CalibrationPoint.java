package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.sweep.SweepPoint;

/** One comparison of a series: its {@code number}, from 1. */
record CalibrationPoint(CalibrationSeries series, int number) implements SweepPoint {

  @Override
  public String id() {
    return series.name() + " #" + number;
  }

  @Override
  public String fileName() {
    return series.name().replace("%", "pct") + "-" + number + ".json";
  }
}
