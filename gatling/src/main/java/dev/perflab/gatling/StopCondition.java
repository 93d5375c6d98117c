package dev.perflab.gatling;

import java.util.Optional;

/**
 * When Ramp stops: the recent window's p95 above {@code p95LimitMillis}, or more than
 * {@code errorPercentLimit} % of its responses failed. A window with fewer than
 * {@code minResponses} responses is not judged: at a low rate a single slow answer would be
 * its p95.
 */
record StopCondition(double p95LimitMillis, double errorPercentLimit, long minResponses) {

  static final String ERRORS = "errors";
  static final String P95 = "p95";

  /** Why the window breaks the condition, if it does; errors win over latency. */
  Optional<String> breach(WindowStats window) {
    if (window.responses() < minResponses) {
      return Optional.empty();
    }
    if (window.errorPercent() > errorPercentLimit) {
      return Optional.of(ERRORS);
    }
    if (window.p95Millis() > p95LimitMillis) {
      return Optional.of(P95);
    }
    return Optional.empty();
  }
}
