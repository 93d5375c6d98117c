package dev.perflab.workload;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Contract v4's users gateway: an app whose environment names a base URL in {@value #ENV} sends every {@code /users}
 * request of the contract's methods on to it, with its framework's HTTP client and {@link IoCall}'s timeouts, and
 * answers with what came back: an API gateway in front of the users service. Its own users endpoints and database
 * are then not used. A request of another method ({@code OPTIONS}, a browser's CORS preflight) is the gateway's own
 * to answer, as its framework answers it. This class holds what is not framework specific: which requests go, what
 * of them and of their answers is carried, and the 502 when no answer came.
 */
public final class UsersGateway {

  /** The environment variable with the users service's base URL, {@code http://host:port}; unset, no gateway. */
  public static final String ENV = "USERS_URL";
  /** The methods sent on: the users resource's (contract v2). */
  public static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "DELETE");
  /** What of a request is carried besides its method, path, query and body. */
  public static final List<String> REQUEST_HEADERS = List.of("Content-Type", "Accept");
  /** What of an answer is carried besides its status and body. */
  public static final List<String> ANSWER_HEADERS = List.of("Content-Type", "Location");

  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,252}[A-Za-z0-9])?");

  private UsersGateway() {}

  /**
   * The users service's base URL, or empty when {@code value} is absent, empty or blank (the app is no gateway).
   *
   * @throws IllegalArgumentException when it is not {@code http://host:port} with nothing after the port: the app
   *     does not start as a gateway to nowhere
   */
  public static Optional<URI> target(String value) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    try {
      URI uri = new URI(value.strip());
      if ("http".equals(uri.getScheme()) && uri.getHost() != null && HOST.matcher(uri.getHost()).matches()
          && uri.getPort() > 0 && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
          && uri.getRawQuery() == null && uri.getRawFragment() == null && uri.getRawUserInfo() == null) {
        return Optional.of(uri);
      }
    } catch (URISyntaxException e) {
      // refused below, with the value
    }
    throw new IllegalArgumentException(ENV + " must be http://host:port (e.g. http://rest:8080), got '" + value + "'");
  }

  /** Whether a request of {@code method} to {@code path} is sent on, rather than answered by the gateway. */
  public static boolean forwards(String method, String path) {
    return METHODS.contains(method) && (path.equals("/users") || path.startsWith("/users/"));
  }

  /** Where a request for {@code rawPathAndQuery} (as received, still percent-encoded) is sent. */
  public static URI url(URI target, String rawPathAndQuery) {
    return URI.create(target + rawPathAndQuery);
  }

  /** The answer when the users service gave none (refused, unknown host, timed out): 502 with its JSON body. */
  public static DownstreamException unreachable(URI target) {
    return DownstreamException.unreachable(target.getHost());
  }

  /** {@link #unreachable}'s body, for an app that answers it outside its error handlers: the host needs no escape. */
  public static String unreachableJson(URI target) {
    return "{\"error\":\"" + unreachable(target).getMessage() + "\"}";
  }
}
