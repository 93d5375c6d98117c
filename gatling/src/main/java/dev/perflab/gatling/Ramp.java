package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.core.CoreDsl.stopLoadGeneratorIf;

import io.gatling.javaapi.core.Simulation;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Open model whose arrival rate climbs a {@link Staircase} until the service gives way: after
 * each virtual user's pick, the recent window (the last {@code stop.window} of responses) is
 * judged, and the load generator stops as soon as its p95 exceeds {@code stop.p95Millis} or
 * more than {@code stop.errorPercent} % of its responses failed. Stopping is what this
 * simulation is for, so it ends the run successfully (Gatling's {@code stopLoadGenerator}, not
 * {@code crashLoadGenerator}), still with its report; {@value RampOutcome#FILE_NAME} in
 * {@code outcomeDir} says whether and where it stopped. No assertions: the outcome is the verdict.
 *
 * <p>System properties:
 * <ul>
 *   <li>{@code perflab.baseUrl} (required)</li>
 *   <li>{@code perflab.outcomeDir} (required): where {@value RampOutcome#FILE_NAME} is written</li>
 *   <li>{@code perflab.startRate}: arrivals per second of the first level, 0 allowed (default 50)</li>
 *   <li>{@code perflab.rateStep}: added per level (default 50)</li>
 *   <li>{@code perflab.levels}: how many levels (default 10)</li>
 *   <li>{@code perflab.levelDuration}: each level's hold (default 10s)</li>
 *   <li>{@code perflab.rampDuration}: each ramp between levels (default 5s)</li>
 *   <li>{@code perflab.stop.p95Millis}: the window's p95 limit (default 100)</li>
 *   <li>{@code perflab.stop.errorPercent}: the window's failed-response limit (default 1)</li>
 *   <li>{@code perflab.stop.window}: the window's span (default 2s), judged once it holds at
 *       least {@value #MIN_RESPONSES} responses</li>
 *   <li>{@code perflab.stop.grace}: no judging this long after the first request (default 5s):
 *       a cold service's first answers are slow, and would stop every run at once</li>
 *   <li>{@code perflab.leadIn}: unrecorded load at the start rate first, see {@link LeadIn} (default 5s)</li>
 *   <li>{@code perflab.mix}, {@code perflab.cpu.iterations}, {@code perflab.runId}: see {@link Contract}</li>
 * </ul>
 */
public class Ramp extends Simulation {

  static final int MIN_RESPONSES = 20;
  // The window moves in eighths: at 2 s, a breach is seen within 250 ms.
  private static final int WINDOW_SLICES = 8;

  private final RampWatch watch;
  private final Path outcomeDir;

  {
    Parameters parameters = Parameters.fromSystemProperties();
    outcomeDir = Path.of(parameters.string("outcomeDir"));
    Staircase plan = new Staircase(parameters.nonNegativeDouble("startRate", 50),
        parameters.positiveDouble("rateStep", 50), parameters.positiveInt("levels", 10),
        parameters.duration("levelDuration", Duration.ofSeconds(10)),
        parameters.duration("rampDuration", Duration.ofSeconds(5)));
    StopCondition condition = new StopCondition(parameters.positiveDouble("stop.p95Millis", 100),
        parameters.nonNegativeDouble("stop.errorPercent", 1), MIN_RESPONSES);
    RecentWindow window = new RecentWindow(parameters.duration("stop.window", Duration.ofSeconds(2)),
        WINDOW_SLICES, System::nanoTime);
    Duration grace = parameters.nonNegativeDuration("stop.grace", Duration.ofSeconds(5));
    watch = new RampWatch(plan, condition, grace, window, new RunClock());
    Contract contract = Contract.from(parameters).aroundEachRequest(watch::timed);

    setUp(LeadIn.from(parameters).open(plan.startRate(), scenario("ramp").exec(contract.pick())
        .exec(stopLoadGeneratorIf(session -> watch.stopMessage(), session -> watch.stopsNow()))
        .injectOpen(plan.injection())))
        .protocols(contract.protocol());
  }

  @Override
  public void after() {
    watch.outcome().write(outcomeDir);
  }
}
