package dev.perflab.harness.parity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of the parity table: a request, and the status and media type every app must answer
 * it with.
 *
 * @param body a body for POST/PUT, or null
 * @param contentType the body's Content-Type, or null to send none
 * @param headers further request headers, each value on a line of its own (empty for none)
 * @param expectedStatus the status every app must answer
 * @param expectedMediaType the answer's media type, without parameters; empty for no body (204)
 * @param expectedBody the body of bytes every app must send, framing included; null where the
 *     apps' bodies are only compared with each other
 * @param expectedJson the JSON body every app must send (key order and spacing aside); null where
 *     the apps' bodies are only compared with each other
 */
public record ParityRequest(
    String name, String method, String pathAndQuery, String body, String contentType, Map<String, List<String>> headers,
    int expectedStatus, String expectedMediaType, BinaryBody expectedBody, String expectedJson) {

  static final String JSON = "application/json";
  static final String EVENT_STREAM = "text/event-stream";
  static final String OCTET_STREAM = "application/octet-stream";

  public ParityRequest {
    headers = Map.copyOf(headers);
  }

  public ParityRequest(String name, String method, String pathAndQuery, String body, String contentType,
      int expectedStatus) {
    this(name, method, pathAndQuery, body, contentType, Map.of(), expectedStatus, JSON, null, null);
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
    return new ParityRequest(name, "DELETE", path, null, null, Map.of(), expectedStatus,
        expectedStatus == 204 ? "" : JSON, null, null);
  }

  /** A GET of a Server-Sent Events stream that must succeed. */
  public static ParityRequest stream(String name, String pathAndQuery) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, Map.of(), 200, EVENT_STREAM, null, null);
  }

  /** A GET that must succeed with exactly this body of bytes. */
  public static ParityRequest bytes(String name, String pathAndQuery, BinaryBody expectedBody) {
    return new ParityRequest(name, "GET", pathAndQuery, null, null, Map.of(), 200, OCTET_STREAM, expectedBody, null);
  }

  /** This request with header {@code header} sent once per value, after any it has. */
  public ParityRequest withHeader(String header, String... values) {
    Map<String, List<String>> more = new LinkedHashMap<>(headers);
    more.computeIfAbsent(header, ignored -> new ArrayList<>()).addAll(List.of(values));
    return new ParityRequest(name, method, pathAndQuery, body, contentType, more, expectedStatus, expectedMediaType,
        expectedBody, expectedJson);
  }

  /** This request, to be answered by every app with this JSON body. */
  public ParityRequest answeredWith(String json) {
    return new ParityRequest(name, method, pathAndQuery, body, contentType, headers, expectedStatus, expectedMediaType,
        expectedBody, json);
  }

  /** This request with another name and expected status and JSON body (as another run of the apps answers it). */
  public ParityRequest expecting(String newName, int status, String json) {
    return new ParityRequest(newName, method, pathAndQuery, body, contentType, headers, status, expectedMediaType,
        expectedBody, json);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(name).append(" (").append(method).append(' ').append(pathAndQuery);
    headers.forEach((header, values) -> values.forEach(value -> text.append(", ").append(header).append(": ").append(value)));
    return text.append(')').toString();
  }
}
