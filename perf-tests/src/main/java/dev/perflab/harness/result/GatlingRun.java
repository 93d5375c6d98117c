package dev.perflab.harness.result;

import dev.perflab.gatling.AssertionResult;
import dev.perflab.gatling.RampOutcome;
import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.catalog.GatlingScenario;
import java.util.List;
import java.util.Objects;

/**
 * One Gatling run (a catalog {@code load.gatling} entry) against one load cell: Gatling's own figures (from its HTML report,
 * which is kept), its assertions (from budgets.yaml), Ramp's outcome, the generator's CPU, and
 * the container's timeline while it ran; or why it could not run.
 *
 * @param report the run's report directory, relative to the perf report directory
 * @param generatorCpuSeconds CPU of the forked Gatling JVM, its start-up included
 * @param wallSeconds the fork's wall time, start-up and report writing included
 */
public record GatlingRun(String name, String simulation, int exitCode, String report, RequestStats global,
    List<RequestStats> requests, List<AssertionResult> assertions, RampOutcome rampOutcome,
    double generatorCpuSeconds, double wallSeconds, List<ContainerSample> timeline, Outcome outcome) {

  /** Above this mean share of its one core, Gatling, not the app, may have set the pace. */
  public static final double GENERATOR_LIMIT_CORES = 0.9;

  public GatlingRun {
    Objects.requireNonNull(outcome, "outcome");
    requests = requests == null ? List.of() : List.copyOf(requests);
    assertions = assertions == null ? List.of() : List.copyOf(assertions);
    timeline = timeline == null ? List.of() : List.copyOf(timeline);
  }

  /** A run that did not get as far as a report: why, with the end of Gatling's log. */
  public static GatlingRun failed(GatlingScenario scenario, int exitCode, String report, double cpuSeconds,
      double wallSeconds, String reason, List<String> logTail) {
    return new GatlingRun(scenario.name(), scenario.simulation(), exitCode, report, null, List.of(), List.of(), null,
        cpuSeconds, wallSeconds, List.of(), new Outcome.Failed("Gatling " + scenario.name(), reason, (long) exitCode,
            null, logTail));
  }

  public double generatorCores() {
    return wallSeconds == 0 ? 0 : generatorCpuSeconds / wallSeconds;
  }

  public boolean generatorLimited() {
    return generatorCores() > GENERATOR_LIMIT_CORES;
  }

  public boolean assertionsPassed() {
    return assertions.stream().allMatch(AssertionResult::passed);
  }
}
