package dev.perflab.workload;

/** The addressed resource does not exist (a user id no row has). Answered with 404. */
public final class NotFoundException extends WorkloadException {

  public NotFoundException(String message) {
    super(message);
  }

  @Override
  public int status() {
    return 404;
  }
}
