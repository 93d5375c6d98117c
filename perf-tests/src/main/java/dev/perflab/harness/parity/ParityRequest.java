package dev.perflab.harness.parity;

/**
 * One row of the parity table: a request, and the status every app must answer it with.
 *
 * @param body a JSON body for POST/PUT, or null
 */
public record ParityRequest(String name, String method, String pathAndQuery, String body, int expectedStatus) {

  public static ParityRequest get(String name, String pathAndQuery, int expectedStatus) {
    return new ParityRequest(name, "GET", pathAndQuery, null, expectedStatus);
  }

  public static ParityRequest post(String name, String path, String body, int expectedStatus) {
    return new ParityRequest(name, "POST", path, body, expectedStatus);
  }

  @Override
  public String toString() {
    return name + " (" + method + " " + pathAndQuery + ")";
  }
}
