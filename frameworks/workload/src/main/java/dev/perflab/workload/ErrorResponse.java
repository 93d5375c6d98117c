package dev.perflab.workload;

/**
 * The body of every error answer, in every app: {@code {"error":"<what is wrong>"}}.
 *
 * <p>The factories give the texts for failures the framework detects before any workload code
 * runs (routing, body parsing), so that those too read the same in every app.
 */
public record ErrorResponse(String error) {

  public static ErrorResponse notFound(String method, String path) {
    return new ErrorResponse("no route for " + method + " " + path);
  }

  public static ErrorResponse methodNotAllowed(String method, String path) {
    return new ErrorResponse("method " + method + " not allowed on " + path);
  }

  /** A body was sent with a Content-Type other than JSON. Answered with 415. */
  public static ErrorResponse unsupportedMediaType() {
    return new ErrorResponse("request body must be sent as application/json");
  }

  /**
   * The request is not HTTP/1.1 the server can parse (a character not allowed in the request
   * target, a header line without a name), answered by the server before any route. Answered with 400.
   */
  public static ErrorResponse malformedRequest() {
    return new ErrorResponse("request is not valid HTTP/1.1");
  }

  /** The path has a {@code .} or {@code ..} segment, plain or percent-encoded. Answered with 400. */
  public static ErrorResponse dotSegments() {
    return new ErrorResponse("request path must not contain . or .. segments");
  }

  /** The request line is over the server's limit. Answered with 414. */
  public static ErrorResponse requestLineTooLong() {
    return new ErrorResponse("request line is too long");
  }

  /** The header section is over the server's limit. Answered with 431. */
  public static ErrorResponse headersTooLarge() {
    return new ErrorResponse("request header fields are too large");
  }

  /**
   * True when the raw (still percent-encoded) path has a dot segment: RFC 3986 resolves them on
   * the client; a server that resolves them too answers a path other than the one sent, so every
   * app refuses them instead.
   */
  public static boolean hasDotSegment(String rawPath) {
    for (String segment : rawPath.split("/", -1)) {
      String decoded = segment.replace("%2e", ".").replace("%2E", ".");
      if (decoded.equals(".") || decoded.equals("..")) {
        return true;
      }
    }
    return false;
  }

  /** The body is not JSON, or does not fit the request's shape (wrong types, too-large numbers). */
  public static ErrorResponse malformedBody() {
    return new ErrorResponse("request body is not valid JSON of the expected shape");
  }
}
