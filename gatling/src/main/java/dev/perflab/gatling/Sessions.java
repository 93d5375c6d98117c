package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.core.Simulation;
import java.nio.file.Path;

/**
 * The ShellOnYou study's scenario R: each virtual user runs one session of five requests
 * (create a user, check it, a heavy submission, delete the user, check it is gone), each right
 * after the CORS preflight a browser on another origin sends ({@link SessionStep}: ten samples, as
 * in the study's recording), pausing after each request, and stops after a failed create. Open
 * model: new sessions per second ramp from {@code fromRate} to {@code toRate}, then hold at
 * {@code toRate} ({@link SessionSettings}).
 * Every request is counted by step, outcome and cause, and {@value SessionOutcome#FILE_NAME} in
 * {@code outcomeDir} gives the study's figures ({@link SessionOutcome}); Gatling's report has a
 * line per step. No assertions: the harness judges the outcome.
 *
 * <p>Each virtual user has connections of its own (not shared, unlike {@link Contract}'s): a
 * session is one client, which keeps its connection through its ten requests, as the study's
 * browsers did.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code perflab.baseUrl} (required)</li>
 *   <li>{@code perflab.outcomeDir} (required): where {@value SessionOutcome#FILE_NAME} is written</li>
 *   <li>{@code perflab.toRate} (required): new sessions per second at the ramp's end and after</li>
 *   <li>{@code perflab.rampSeconds}, {@code perflab.constantSeconds} (required, whole seconds, 0 allowed
 *       for one of them)</li>
 *   <li>{@code perflab.fromRate}: new sessions per second at the ramp's start (default 1)</li>
 *   <li>{@code perflab.pauseMillis}: the pause after each request (default 5000)</li>
 *   <li>{@code perflab.requestTimeoutMillis}: Gatling's request timeout, 200 to 60000 (default 60000)</li>
 *   <li>{@code perflab.submitPath}: the heavy step's path (default {@code /node/submit}, a
 *       contract v4 service node's type {@code submit})</li>
 *   <li>{@code perflab.runId}: see {@link Contract}; it makes the users' emails unique across runs</li>
 * </ul>
 */
public class Sessions extends Simulation {

  private final SessionTally tally;
  private final long plannedSessions;
  private final Path outcomeDir;

  {
    Parameters parameters = Parameters.fromSystemProperties();
    String baseUrl = parameters.baseUrl("baseUrl");
    outcomeDir = Path.of(parameters.string("outcomeDir"));
    SessionSettings settings = SessionSettings.from(parameters);
    plannedSessions = settings.plannedSessions();
    tally = new SessionTally(new RunClock(), settings.requestTimeout());
    SessionJourney journey = new SessionJourney(settings, Contract.runId(parameters), tally);

    // No warm-up call to gatling.io (Gatling's default): the lab has no way out.
    setUp(scenario("sessions").exec(journey.chain()).injectOpen(settings.injection()))
        .protocols(http.baseUrl(baseUrl).acceptHeader("application/json").disableWarmUp());
  }

  @Override
  public void after() {
    tally.outcome(plannedSessions).write(outcomeDir);
  }
}
