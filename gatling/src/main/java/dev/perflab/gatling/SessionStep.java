package dev.perflab.gatling;

/**
 * The five requests of a {@link Sessions} virtual user, in the order it sends them, each with the
 * one status that counts as OK. The ShellOnYou study's log in, verify, submit, log out and verify
 * again, mapped onto the users resource (contract v2) and a service node (contract v4): a failed
 * {@link #CREATE} ends the session; a failure in any later step does not.
 */
public enum SessionStep {
  /** {@code POST /users}, a user unique to the session and the run: the study's log in. */
  CREATE("create", 201),
  /** {@code GET /users/{id}}: the study's verify. */
  CHECK("check", 200),
  /** {@code GET {submitPath}}: the study's heavy submission. */
  SUBMIT("submit", 200),
  /** {@code DELETE /users/{id}}: the study's log out. */
  DELETE("delete", 204),
  /** {@code GET /users/{id}} once more: the user is gone, as the study's 401 after log out is expected. */
  CHECK_DELETED("check-deleted", 404);

  private final String stepName;
  private final int expectedStatus;

  SessionStep(String stepName, int expectedStatus) {
    this.stepName = stepName;
    this.expectedStatus = expectedStatus;
  }

  /** As in sessions.json and in Gatling's statistics. */
  public String stepName() {
    return stepName;
  }

  public int expectedStatus() {
    return expectedStatus;
  }
}
