package dev.perflab.workload;

/**
 * The request needs something this run of the app was started without (a users request with no
 * database configured). Answered with 503: the request may succeed against an instance that has it.
 */
public final class UnavailableException extends WorkloadException {

  public UnavailableException(String message) {
    super(message);
  }

  @Override
  public int status() {
    return 503;
  }
}
