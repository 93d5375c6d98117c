package dev.perflab.harness.experiment.finding;

/** How an experiment's measurement stands to one of its study's findings. */
public enum FindingVerdict {
  /** The measurement shows what the study found. */
  AGREE,
  /** The measurement shows the opposite, or a clearly different shape. */
  DISAGREE,
  /** Too few points, too much spread, or the measured range does not reach where the finding applies. */
  INCONCLUSIVE
}
