package dev.perflab.harness.load;

import dev.perflab.gatling.GatlingCommand;
import dev.perflab.gatling.GatlingReport;
import dev.perflab.gatling.RampOutcome;
import dev.perflab.harness.budget.GatlingBudget;
import dev.perflab.harness.catalog.GatlingScenario;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.measure.ReapedChildrenCpu;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Forks Gatling for one simulation against a running cell. The fork inherits the harness's CPU
 * pinning (the CPU the container does not use), so, like the open-model driver, Gatling never
 * takes the app's core; its CPU is read from the kernel once it has been reaped.
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
    deleteRecursively(directory);
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
    String relativeLog = reportRoot.toAbsolutePath().relativize(log.toAbsolutePath()).toString();
    long cpuBefore = ReapedChildrenCpu.millis();
    long started = System.nanoTime();
    int exitCode;
    List<ContainerSample> timeline;
    try (ContainerSampler sampler = ContainerSampler.start(containerPid)) {
      Process gatling = new ProcessBuilder(command.toCommand())
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
      if (!gatling.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        gatling.destroyForcibly().waitFor();
        return GatlingRun.failed(scenario, -1, relativeLog, seconds(ReapedChildrenCpu.millis() - cpuBefore),
            (System.nanoTime() - started) / 1e9, "Gatling did not finish within " + TIMEOUT.toMinutes() + " min",
            tail(log));
      }
      exitCode = gatling.exitValue();
      timeline = sampler.timeline();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start Gatling for " + scenario.name(), e);
    }
    double wallSeconds = (System.nanoTime() - started) / 1e9;
    double cpuSeconds = seconds(ReapedChildrenCpu.millis() - cpuBefore);
    if (exitCode == GatlingCommand.EXIT_NO_RUN) {
      return GatlingRun.failed(scenario, exitCode, relativeLog, cpuSeconds, wallSeconds,
          "Gatling did not run (exit code 1)", tail(log));
    }
    GatlingReport report = GatlingReport.readLatest(directory);
    RampOutcome outcome = Files.exists(directory.resolve(RampOutcome.FILE_NAME)) ? RampOutcome.read(directory) : null;
    return new GatlingRun(scenario.name(), scenario.simulation(), exitCode,
        reportRoot.toAbsolutePath().relativize(report.indexHtml().toAbsolutePath()).toString(),
        report.global(), report.requests(), report.assertions(), outcome, cpuSeconds, wallSeconds, timeline, Outcome.MEASURED);
  }

  private static double seconds(long millis) {
    return millis / 1000.0;
  }

  private static List<String> tail(Path log) {
    try {
      return Outcome.Failed.tail(Files.readString(log));
    } catch (IOException e) {
      return List.of("(no log: " + e.getMessage() + ")");
    }
  }

  private static void deleteRecursively(Path directory) {
    try {
      if (Files.exists(directory)) {
        try (Stream<Path> paths = Files.walk(directory)) {
          for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
            Files.delete(path);
          }
        }
      }
      Files.createDirectories(directory);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + directory, e);
    }
  }
}
