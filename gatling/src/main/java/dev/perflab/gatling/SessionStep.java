package dev.perflab.gatling;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The ten requests of a {@link Sessions} virtual user, in the order it sends them: the ShellOnYou
 * study's log in, verify, submit, log out and verify again, mapped onto the users resource
 * (contract v2) and a service node (contract v4), each preceded by the CORS preflight a browser on
 * another origin sends (the study's Gatling recording had one before every request: half its
 * samples). A failed {@link #CREATE} ends the session; a failure in any other request, a
 * preflight's included, does not: Gatling replays a recording's requests whatever a preflight got.
 */
public enum SessionStep {
  CREATE_PREFLIGHT("create-preflight", "POST"),
  /** {@code POST /users}, a user unique to the session and the run: the study's log in. */
  CREATE("create", "POST", 201),
  CHECK_PREFLIGHT("check-preflight", "GET"),
  /** {@code GET /users/{id}}: the study's verify. */
  CHECK("check", "GET", 200),
  SUBMIT_PREFLIGHT("submit-preflight", "GET"),
  /** {@code GET {submitPath}}: the study's heavy submission. */
  SUBMIT("submit", "GET", 200),
  DELETE_PREFLIGHT("delete-preflight", "DELETE"),
  /** {@code DELETE /users/{id}}: the study's log out. */
  DELETE("delete", "DELETE", 204),
  CHECK_DELETED_PREFLIGHT("check-deleted-preflight", "GET"),
  /** {@code GET /users/{id}} once more: the user is gone, as the study's 401 after log out is expected. */
  CHECK_DELETED("check-deleted", "GET", 404);

  /** A preflight is OK at any 2xx, as Gatling's implicit check has it for a recorded request without its own. */
  private static final int ANY_2XX = -1;

  private final String stepName;
  private final String method;
  private final int expectedStatus;

  /** A preflight: {@code OPTIONS} on its request's path, asking for {@code method}. */
  SessionStep(String stepName, String method) {
    this(stepName, method, ANY_2XX);
  }

  SessionStep(String stepName, String method, int expectedStatus) {
    this.stepName = stepName;
    this.method = method;
    this.expectedStatus = expectedStatus;
  }

  /** As in sessions.json and in Gatling's statistics. */
  public String stepName() {
    return stepName;
  }

  /** The request's method; a preflight's {@code Access-Control-Request-Method}. */
  public String method() {
    return method;
  }

  public boolean preflight() {
    return expectedStatus == ANY_2XX;
  }

  /** The preflight sent just before this request (each precedes its request in the order above). */
  public SessionStep preflightOf() {
    if (preflight()) {
      throw new IllegalStateException(stepName + " is itself a preflight");
    }
    return values()[ordinal() - 1];
  }

  /** The statuses that are this request's OK answer: its one expected status, or every 2xx for a preflight. */
  public List<Integer> okStatuses() {
    return preflight() ? IntStream.rangeClosed(200, 299).boxed().toList() : List.of(expectedStatus);
  }

  /** Whether {@code status} is this request's OK answer. */
  public boolean accepts(int status) {
    return preflight() ? status >= 200 && status <= 299 : status == expectedStatus;
  }

  /** The OK answer as sessions.json writes it: {@code "201"}, or {@code "2xx"} for a preflight. */
  public String okStatus() {
    return preflight() ? "2xx" : String.valueOf(expectedStatus);
  }

  /** The requests that are not preflights, each followed by the session's pause. */
  public static long pausedRequests() {
    return Arrays.stream(values()).filter(step -> !step.preflight()).count();
  }
}
