package dev.perflab.harness.parity;

/**
 * One row of the parity table: a request, and the status and media type every app must answer
 * it with.
 *
 * @param body a body for POST/PUT, or null
 * @param contentType the body's Content-Type, or null to send none
 * @param expectedMediaType the answer's media type, without parameters; empty for no body (204)
 */
public record ParityRequest(
    String name, String method, String pathAndQuery, String body, String contentType, int expectedStatus,
    String expectedMediaType) {

  static final String JSON = "application/json";
  static final String EVENT_STREAM = "text/event-stream";

  public ParityRequest(String name, String method, String pathAndQuery, String body, String contentType,
      int expectedStatus) {
    this(name, method, pathAndQuery, body, contentType, expectedStatus, JSON);
  }

  public static ParityRequest get(String name, String pathAndQuery, int expectedStatus) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, expectedStatus);
  }

  /** A POST of a JSON body. */
  public static ParityRequest post(String name, String path, String json, int expectedStatus) {
    return new ParityRequest(name, "POST", path, json, JSON, expectedStatus);
  }

  /** A PUT of a JSON body. */
  public static ParityRequest put(String name, String path, String json, int expectedStatus) {
    return new ParityRequest(name, "PUT", path, json, JSON, expectedStatus);
  }

  /** A DELETE; its success (204) has no body. */
  public static ParityRequest delete(String name, String path, int expectedStatus) {
    return new ParityRequest(name, "DELETE", path, null, null, expectedStatus, expectedStatus == 204 ? "" : JSON);
  }

  /** A GET of a Server-Sent Events stream that must succeed. */
  public static ParityRequest stream(String name, String pathAndQuery) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, 200, EVENT_STREAM);
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + pathAndQuery + ")";
  }
}
