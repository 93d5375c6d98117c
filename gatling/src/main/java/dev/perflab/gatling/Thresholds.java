package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.global;

import io.gatling.javaapi.core.Assertion;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Optional pass/fail limits over the whole run, from the harness's budgets:
 * {@code perflab.assert.p95Millis}, {@code perflab.assert.p99Millis} (response time
 * percentiles, strictly below) and {@code perflab.assert.errorPercent} (failed requests, at most).
 * Gatling evaluates them after the run and exits with status 2 when one fails.
 */
public record Thresholds(OptionalDouble p95Millis, OptionalDouble p99Millis, OptionalDouble errorPercent) {

  public static Thresholds from(Parameters parameters) {
    return new Thresholds(parameters.optionalNonNegativeDouble("assert.p95Millis"),
        parameters.optionalNonNegativeDouble("assert.p99Millis"),
        parameters.optionalNonNegativeDouble("assert.errorPercent"));
  }

  /** Empty when no limit is set: then the run never fails on its numbers. */
  public List<Assertion> assertions() {
    List<Assertion> assertions = new ArrayList<>();
    // Gatling compares response times in whole milliseconds.
    p95Millis.ifPresent(limit -> assertions.add(global().responseTime().percentile(95.0).lt(toMillis(limit))));
    p99Millis.ifPresent(limit -> assertions.add(global().responseTime().percentile(99.0).lt(toMillis(limit))));
    errorPercent.ifPresent(limit -> assertions.add(global().failedRequests().percent().lte(limit)));
    return assertions;
  }

  private static int toMillis(double millis) {
    return (int) Math.ceil(millis);
  }
}
