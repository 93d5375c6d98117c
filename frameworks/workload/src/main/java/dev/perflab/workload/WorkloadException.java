package dev.perflab.workload;

/** A request the service refuses; {@link #status()} is the HTTP status every app answers with. */
public abstract sealed class WorkloadException extends RuntimeException
    permits BadRequestException, NotFoundException, ConflictException, DownstreamException,
    UnavailableException {

  protected WorkloadException(String message) {
    super(message);
  }

  public abstract int status();

  /** The JSON body every app sends for this failure. */
  public ErrorResponse body() {
    return new ErrorResponse(getMessage());
  }
}
