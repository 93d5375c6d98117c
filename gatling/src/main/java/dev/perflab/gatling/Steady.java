package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Open model at a constant arrival rate: {@code rate} new virtual users per second for
 * {@code duration}, each sending one {@link Contract#pick() pick} of the mix. Arrivals do not
 * wait for answers, so a slow service meets the same offered load (no coordinated omission).
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code perflab.baseUrl} (required): the service, e.g. {@code http://localhost:8080}</li>
 *   <li>{@code perflab.rate}: arrivals per second (default 100)</li>
 *   <li>{@code perflab.duration}: e.g. {@code 30s} (default 30s)</li>
 *   <li>{@code perflab.leadIn}: unrecorded load first, see {@link LeadIn} (default 5s)</li>
 *   <li>{@code perflab.mix}, {@code perflab.cpu.iterations}, {@code perflab.runId}: see {@link Contract}</li>
 *   <li>{@code perflab.assert.p95Millis}, {@code perflab.assert.p99Millis},
 *       {@code perflab.assert.errorPercent}: optional, see {@link Thresholds}</li>
 * </ul>
 */
public class Steady extends Simulation {

  {
    Parameters parameters = Parameters.fromSystemProperties();
    Contract contract = Contract.from(parameters);
    double rate = parameters.positiveDouble("rate", 100);
    Duration duration = parameters.duration("duration", Duration.ofSeconds(30));

    setUp(LeadIn.from(parameters).open(rate, scenario("steady").exec(contract.pick())
        .injectOpen(constantUsersPerSec(rate).during(duration))))
        .protocols(contract.protocol())
        .assertions(Thresholds.from(parameters).assertions());
  }
}
