package dev.perflab.harness.launch;

import dev.perflab.harness.result.Outcome;

/** A launch failed; {@link #failure()} says how, with the container's exit state and log. */
public final class CellLaunchException extends Exception {

  private final Outcome.Failed failure;

  public CellLaunchException(Outcome.Failed failure, Throwable cause) {
    super(failure.describe(), cause);
    this.failure = failure;
  }

  public Outcome.Failed failure() {
    return failure;
  }
}
