package dev.perflab.workload;

/** Bad input: a missing, malformed or out-of-range parameter or body. Answered with 400. */
public final class BadRequestException extends WorkloadException {

  public BadRequestException(String message) {
    super(message);
  }

  @Override
  public int status() {
    return 400;
  }
}
