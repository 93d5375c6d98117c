package dev.perflab.harness.parity;

/**
 * One row of the parity table: a request, and the status every app must answer it with.
 *
 * @param body a body for POST/PUT, or null
 * @param contentType the body's Content-Type, or null to send none
 */
public record ParityRequest(
    String name, String method, String pathAndQuery, String body, String contentType, int expectedStatus) {

  public static ParityRequest get(String name, String pathAndQuery, int expectedStatus) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, expectedStatus);
  }

  /** A POST of a JSON body. */
  public static ParityRequest post(String name, String path, String json, int expectedStatus) {
    return new ParityRequest(name, "POST", path, json, "application/json", expectedStatus);
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + pathAndQuery + ")";
  }
}
