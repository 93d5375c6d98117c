package dev.perflab.harness.compare;

import dev.perflab.harness.catalog.Cell;

/**
 * One cell as both sides of a comparison run it: the same app, mode and profile, each side on its
 * own image (the same image in an A/A calibration).
 */
public record CellPair(Cell baseline, Cell candidate) {

  public CellPair {
    if (!baseline.mode().equals(candidate.mode()) || !baseline.profile().equals(candidate.profile())) {
      throw new IllegalArgumentException("a comparison runs both sides in the same mode and profile, got "
          + baseline.id() + " against " + candidate.id());
    }
  }

  /** The baseline's id: both sides share it, apart from an upgrade's framework version. */
  public String cellId() {
    return baseline.id();
  }
}
