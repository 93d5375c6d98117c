package dev.perflab.gatling;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/** Why a {@link Sessions} request was not OK; each is a field of {@link KoCounts}. */
public enum KoCause {
  /** A 4xx other than the step's OK status (check-deleted expects a 404). */
  STATUS_4XX,
  STATUS_5XX,
  /** An unexpected 1xx, 2xx or 3xx: e.g. a 200 where the deleted user should be a 404, or a preflight's 3xx. */
  STATUS_OTHER,
  /** No answer within the request timeout. */
  TIMEOUT,
  /** No answer, ended before the timeout: connection refused, reset or closed. */
  NO_ANSWER,
  /** The expected status, but not the body the session needs: a create's 201 without a numeric {@code $.id}. */
  INVALID_BODY;

  /**
   * Gatling times the timeout from its own send, a little after the hook that noted the send
   * time, and the elapsed time is read a little after Gatling gives up: within this much of the
   * timeout, a request with no answer counts as timed out.
   */
  static final Duration TIMEOUT_MARGIN = Duration.ofMillis(100);

  /**
   * The cause of a request's failure, or empty if it is OK.
   *
   * @param status the answer's status, empty if none came
   * @param bodyValid whether the body held what the step needs (always true but for create)
   * @param elapsed from the send to the outcome, as this simulation measured it
   */
  static Optional<KoCause> of(SessionStep step, OptionalInt status, boolean bodyValid, Duration elapsed,
      Duration requestTimeout) {
    if (status.isEmpty()) {
      return Optional.of(elapsed.compareTo(requestTimeout.minus(TIMEOUT_MARGIN)) >= 0 ? TIMEOUT : NO_ANSWER);
    }
    int code = status.getAsInt();
    if (step.accepts(code)) {
      return bodyValid ? Optional.empty() : Optional.of(INVALID_BODY);
    }
    if (code >= 400 && code < 500) {
      return Optional.of(STATUS_4XX);
    }
    return Optional.of(code >= 500 && code < 600 ? STATUS_5XX : STATUS_OTHER);
  }
}
