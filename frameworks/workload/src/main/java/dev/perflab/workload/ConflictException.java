package dev.perflab.workload;

/** The request would break a uniqueness rule (an email already in use). Answered with 409. */
public final class ConflictException extends WorkloadException {

  public ConflictException(String message) {
    super(message);
  }

  @Override
  public int status() {
    return 409;
  }
}
