package dev.perflab.workload;

/**
 * One downstream call of a service node: {@code GET http://{service}:8080/node/{type}} with header
 * {@value #TYPE_HEADER}{@code : {type}}, so that the callee can route by path or by header. Each
 * app makes it with its framework's own HTTP client and {@link IoCall}'s timeouts, and hands the
 * outcome to {@link #check}: a status, or {@link #UNREACHABLE} when there was no HTTP answer.
 *
 * @param service the callee's name, a DNS label
 * @param type the request type asked of it; in a {@link NodeSpec}, null for the incoming type
 */
public record NodeCall(String service, String type) {

  /** Every node listens on this port (the contract's), so a call names only the service. */
  public static final int PORT = 8080;
  /** The header that carries the request type, beside or instead of the path. */
  public static final String TYPE_HEADER = "X-Request-Type";
  /** The outcome of a call that got no HTTP answer: refused, unknown host, timed out. */
  public static final int UNREACHABLE = -1;

  /** This call as made for a request of type {@code incomingType}: its own type, or that one. */
  public NodeCall forType(String incomingType) {
    return type == null ? new NodeCall(service, incomingType) : this;
  }

  /** The URL of the call ({@link #type} must be set: see {@link #forType}). */
  public String url() {
    return "http://" + service + ":" + PORT + "/node/" + type;
  }

  /** Nothing for a 2xx; otherwise the 502 the calling node answers. */
  public void check(int outcome) {
    if (outcome == UNREACHABLE) {
      throw DownstreamException.unreachable(service);
    }
    if (outcome < 200 || outcome > 299) {
      throw DownstreamException.failed(service, outcome);
    }
  }
}
