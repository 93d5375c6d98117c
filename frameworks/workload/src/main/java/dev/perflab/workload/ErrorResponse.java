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

  /** The body is not JSON, or does not fit the request's shape (wrong types, too-large numbers). */
  public static ErrorResponse malformedBody() {
    return new ErrorResponse("request body is not valid JSON of the expected shape");
  }
}
