package dev.perflab.harness.load;

import dev.perflab.gatling.AssertionResult;
import dev.perflab.gatling.RampOutcome;
import dev.perflab.gatling.RequestStats;
import java.util.List;

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
    double generatorCpuSeconds, double wallSeconds, List<ContainerSample> timeline, String failure) {

  /** Above this mean share of its one core, Gatling, not the app, may have set the pace. */
  public static final double GENERATOR_LIMIT_CORES = 0.9;

  public GatlingRun {
    requests = requests == null ? List.of() : List.copyOf(requests);
    assertions = assertions == null ? List.of() : List.copyOf(assertions);
    timeline = timeline == null ? List.of() : List.copyOf(timeline);
  }

  static GatlingRun failed(GatlingScenario scenario, int exitCode, String report, double cpuSeconds,
      double wallSeconds, String failure) {
    return new GatlingRun(scenario.name(), scenario.simulation(), exitCode, report, null, List.of(), List.of(), null, cpuSeconds, wallSeconds,
        List.of(), failure);
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
