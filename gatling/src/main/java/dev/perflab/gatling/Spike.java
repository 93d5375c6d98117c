package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;

/**
 * Open model with sudden bursts (see {@link SpikePlan}): how latency degrades during a burst
 * and how fast it recovers after. Every request's name carries the phase it was sent in
 * ({@code hello [base]}, {@code hello [burst 1]}, {@code hello [after burst 1]}, ...), so
 * Gatling's report and statistics give each endpoint's latency per phase.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code perflab.baseUrl} (required)</li>
 *   <li>{@code perflab.rate}: the base arrival rate per second (default 200)</li>
 *   <li>{@code perflab.burstFactor}: a burst's rate as a multiple of the base (default 5)</li>
 *   <li>{@code perflab.bursts}: how many bursts (default 3)</li>
 *   <li>{@code perflab.burstDuration}: each burst's length (default 3s)</li>
 *   <li>{@code perflab.quietDuration}: base rate before the first burst and after each (default 10s)</li>
 *   <li>{@code perflab.leadIn}: unrecorded load at the base rate first, see {@link LeadIn} (default 5s)</li>
 *   <li>{@code perflab.mix}, {@code perflab.cpu.iterations}, {@code perflab.runId}: see {@link Contract}</li>
 *   <li>{@code perflab.assert.*}: optional, see {@link Thresholds}; over all phases together</li>
 * </ul>
 */
public class Spike extends Simulation {

  {
    Parameters parameters = Parameters.fromSystemProperties();
    SpikePlan plan = new SpikePlan(parameters.positiveDouble("rate", 200),
        parameters.positiveDouble("burstFactor", 5), parameters.positiveInt("bursts", 3),
        parameters.duration("burstDuration", Duration.ofSeconds(3)),
        parameters.duration("quietDuration", Duration.ofSeconds(10)));
    RunClock clock = new RunClock();
    Contract contract = Contract.from(parameters)
        .namedBy(name -> name + " [" + plan.phaseAt(clock.elapsed()) + "]");

    // The lead-in runs at the base rate, unnamed: the phase clock starts at the first measured request.
    setUp(LeadIn.from(parameters).open(plan.baseRate(), scenario("spike").exec(contract.pick())
        .injectOpen(plan.injection())))
        .protocols(contract.protocol())
        .assertions(Thresholds.from(parameters).assertions());
  }
}
