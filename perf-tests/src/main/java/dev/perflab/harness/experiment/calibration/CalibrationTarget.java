package dev.perflab.harness.experiment.calibration;

/**
 * One of the gate's targets (docs/gate.md) against what the calibration measured: met, not met, or not yet known
 * (too few comparisons, or none of the series it needs), with the figures.
 */
public record CalibrationTarget(String target, Status status, String measured) {

  /** Where the measured figures put a target. */
  public enum Status { MET, NOT_MET, NOT_YET_KNOWN }
}
