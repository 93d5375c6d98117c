package dev.perflab.harness.launch;

/** A launch failed; {@link #failure()} says how, with the container's exit state and log. */
public final class CellLaunchException extends Exception {

  private final CellFailure failure;

  CellLaunchException(CellFailure failure, Throwable cause) {
    super(failure.describe(), cause);
    this.failure = failure;
  }

  public CellFailure failure() {
    return failure;
  }
}
