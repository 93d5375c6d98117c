package dev.perflab.harness.load;

import dev.perflab.gatling.GatlingCommand;
import dev.perflab.gatling.GatlingReport;
import dev.perflab.gatling.RampOutcome;
import dev.perflab.harness.budget.GatlingBudget;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import io.gatling.javaapi.core.Simulation;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Forks Gatling for one simulation against a running cell ({@link GatlingFork}). The fork inherits
 * the harness's CPU pinning (the CPU the container does not use), so, like the open-model driver,
 * Gatling never takes the app's core.
 */
final class GatlingRunner {

  static final String PACKAGE = "dev.perflab.gatling.";
  private static final Duration TIMEOUT = Duration.ofMinutes(15);

  private GatlingRunner() {}

  /** The simulation class a catalog entry names, or an error that lists where it was looked for. */
  @SuppressWarnings("unchecked")
  static Class<? extends Simulation> simulationClass(String simulation) {
    try {
      Class<?> type = Class.forName(PACKAGE + simulation);
      if (!Simulation.class.isAssignableFrom(type)) {
        throw new IllegalArgumentException(PACKAGE + simulation + " is not a Gatling Simulation");
      }
      return (Class<? extends Simulation>) type;
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("no simulation " + PACKAGE + simulation + " (catalog load.gatling)", e);
    }
  }

  /**
   * Runs {@code scenario} against {@code base}, writing Gatling's output under {@code directory}
   * (emptied first); {@code budget} null means no assertions (Ramp's verdict is its outcome).
   */
  static GatlingRun run(GatlingScenario scenario, URI base, String runId, GatlingBudget budget, Path directory,
      Path reportRoot, long containerPid) throws InterruptedException {
    GatlingFork.prepare(directory);
    GatlingCommand command = GatlingCommand.of(simulationClass(scenario.simulation()))
        .property("perflab.baseUrl", base.toString())
        .property("perflab.runId", runId)
        .property("perflab.outcomeDir", directory.toAbsolutePath().toString())
        .resultsDirectory(directory.toAbsolutePath());
    scenario.properties().forEach((key, value) -> command.property("perflab." + key, value));
    if (budget != null) {
      command.property("perflab.assert.p95Millis", Double.toString(budget.maxP95Millis()))
          .property("perflab.assert.p99Millis", Double.toString(budget.maxP99Millis()))
          .property("perflab.assert.errorPercent", Double.toString(budget.maxErrorPercent()));
    }
    Path log = directory.resolve("gatling.log");
    String relativeLog = GatlingFork.relative(reportRoot, log);
    GatlingFork.Ended ended;
    List<ContainerSample> timeline;
    try (ContainerSampler sampler = ContainerSampler.start(containerPid)) {
      ended = GatlingFork.run(command, log, TIMEOUT, "Gatling for " + scenario.name());
      timeline = sampler.timeline();
    }
    if (ended.timedOut()) {
      return GatlingRun.failed(scenario, ended.exitCode(), relativeLog, ended.cpuSeconds(), ended.wallSeconds(),
          "Gatling did not finish within " + TIMEOUT.toMinutes() + " min", GatlingFork.tail(log));
    }
    if (ended.exitCode() == GatlingCommand.EXIT_NO_RUN) {
      return GatlingRun.failed(scenario, ended.exitCode(), relativeLog, ended.cpuSeconds(), ended.wallSeconds(),
          "Gatling did not run (exit code 1)", GatlingFork.tail(log));
    }
    GatlingReport report = GatlingReport.readLatest(directory);
    RampOutcome outcome = Files.exists(directory.resolve(RampOutcome.FILE_NAME)) ? RampOutcome.read(directory) : null;
    return new GatlingRun(scenario.name(), scenario.simulation(), ended.exitCode(),
        GatlingFork.relative(reportRoot, report.indexHtml()), report.global(), report.requests(), report.assertions(),
        outcome, ended.cpuSeconds(), ended.wallSeconds(), timeline, Outcome.MEASURED);
  }
}
