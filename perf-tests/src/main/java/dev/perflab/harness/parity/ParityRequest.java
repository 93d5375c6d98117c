package dev.perflab.harness.parity;

/**
 * One row of the parity table: a request, and the status and media type every app must answer
 * it with.
 *
 * @param body a body for POST/PUT, or null
 * @param contentType the body's Content-Type, or null to send none
 * @param expectedMediaType the answer's media type, without parameters; empty for no body (204)
 * @param expectedBody the body of bytes every app must send, framing included; null where the
 *     apps' bodies are only compared with each other
 */
public record ParityRequest(
    String name, String method, String pathAndQuery, String body, String contentType, int expectedStatus,
    String expectedMediaType, BinaryBody expectedBody) {

  static final String JSON = "application/json";
  static final String EVENT_STREAM = "text/event-stream";
  static final String OCTET_STREAM = "application/octet-stream";

  public ParityRequest(String name, String method, String pathAndQuery, String body, String contentType,
      int expectedStatus) {
    this(name, method, pathAndQuery, body, contentType, expectedStatus, JSON, null);
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
    return new ParityRequest(name, "DELETE", path, null, null, expectedStatus, expectedStatus == 204 ? "" : JSON, null);
  }

  /** A GET of a Server-Sent Events stream that must succeed. */
  public static ParityRequest stream(String name, String pathAndQuery) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, 200, EVENT_STREAM, null);
  }

  /** A GET that must succeed with exactly this body of bytes. */
  public static ParityRequest bytes(String name, String pathAndQuery, BinaryBody expectedBody) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, 200, OCTET_STREAM, expectedBody);
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + pathAndQuery + ")";
  }
}
