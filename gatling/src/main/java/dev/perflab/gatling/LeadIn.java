package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import java.time.Duration;

/**
 * The same load, unrecorded, before a simulation's measured population. Every simulation runs
 * in a Gatling JVM of its own, and a cold one stalls its own event loop while it loads classes
 * and compiles: about 300 ms once per run, charged to every endpoint of a warm service alike.
 * Sent with {@link Contract#silently() silent} requests, the lead-in warms the generator (and
 * its connections) without entering the statistics or the assertions.
 *
 * <p>System property {@code perflab.leadIn}: its length (default 5s; 0s for none).
 */
final class LeadIn {

  private static final Duration DEFAULT = Duration.ofSeconds(5);

  private final Duration duration;
  private final Contract silent;

  private LeadIn(Duration duration, Contract silent) {
    this.duration = duration;
    this.silent = silent;
  }

  static LeadIn from(Parameters parameters) {
    return new LeadIn(parameters.nonNegativeDuration("leadIn", DEFAULT), Contract.from(parameters).silently());
  }

  /** {@code measured} after a lead-in of {@code ratePerSecond} arrivals (open model). */
  PopulationBuilder open(double ratePerSecond, PopulationBuilder measured) {
    if (duration.isZero() || ratePerSecond <= 0) {
      return measured;
    }
    return scenario("lead-in").exec(silent.pick())
        .injectOpen(constantUsersPerSec(ratePerSecond).during(duration))
        .andThen(measured);
  }

  /** {@code measured} after a lead-in of {@code users} looping back to back (closed model). */
  PopulationBuilder closed(int users, PopulationBuilder measured) {
    if (duration.isZero()) {
      return measured;
    }
    return scenario("lead-in").during(duration).on(silent.pick())
        .injectClosed(constantConcurrentUsers(users).during(duration))
        .andThen(measured);
  }
}
