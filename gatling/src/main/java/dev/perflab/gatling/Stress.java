package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantConcurrentUsers;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Closed model: {@code users} virtual users, each sending {@link Contract#pick() picks} of the
 * mix back to back, with no think time, for {@code duration}. The service's answer time sets the
 * pace: this measures the throughput it sustains at that concurrency, not latency at a rate.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code perflab.baseUrl} (required)</li>
 *   <li>{@code perflab.users}: concurrent virtual users (default 50)</li>
 *   <li>{@code perflab.duration}: e.g. {@code 30s} (default 30s)</li>
 *   <li>{@code perflab.leadIn}: unrecorded load first, see {@link LeadIn} (default 5s)</li>
 *   <li>{@code perflab.mix}, {@code perflab.cpu.iterations}, {@code perflab.runId}: see {@link Contract}</li>
 *   <li>{@code perflab.assert.*}: optional, see {@link Thresholds}</li>
 * </ul>
 */
public class Stress extends Simulation {

  {
    Parameters parameters = Parameters.fromSystemProperties();
    Contract contract = Contract.from(parameters);
    int users = parameters.positiveInt("users", 50);
    Duration duration = parameters.duration("duration", Duration.ofSeconds(30));

    // Every user starts at once and loops until the duration is up, so all end together.
    setUp(LeadIn.from(parameters).closed(users, scenario("stress").during(duration).on(contract.pick())
        .injectClosed(constantConcurrentUsers(users).during(duration))))
        .protocols(contract.protocol())
        .assertions(Thresholds.from(parameters).assertions());
  }
}
