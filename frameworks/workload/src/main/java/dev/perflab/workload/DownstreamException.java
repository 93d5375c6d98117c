package dev.perflab.workload;

/** A downstream (the /io stub, or a service node's callee) could not be reached or did not answer 2xx. Answered with 502. */
public final class DownstreamException extends WorkloadException {

  private DownstreamException(String message) {
    super(message);
  }

  /** The call never got an HTTP answer (refused, unknown host, timed out). */
  public static DownstreamException unreachable() {
    return new DownstreamException("downstream unreachable");
  }

  /** The downstream answered, but not with a 2xx status. */
  public static DownstreamException failed(int status) {
    return new DownstreamException("downstream answered HTTP " + status);
  }

  /** A service node's call to {@code service} never got an HTTP answer. */
  public static DownstreamException unreachable(String service) {
    return new DownstreamException("downstream '" + service + "' unreachable");
  }

  /** A service node's call to {@code service} was answered, but not with a 2xx status. */
  public static DownstreamException failed(String service, int status) {
    return new DownstreamException("downstream '" + service + "' answered HTTP " + status);
  }

  @Override
  public int status() {
    return 502;
  }
}
