package dev.perflab.harness.load;

import dev.perflab.gatling.GatlingCommand;
import dev.perflab.gatling.GatlingReport;
import dev.perflab.gatling.SessionOutcome;
import dev.perflab.gatling.SessionSettings;
import dev.perflab.gatling.Sessions;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The session scenario ({@link Sessions}, the ShellOnYou study's scenario R) forked in a Gatling
 * JVM of its own ({@link GatlingFork}) against a service, and its {@link SessionOutcome} read back.
 */
public final class SessionRun {

  /**
   * Beyond the load itself (the injection, then the longest a last session can take): the Gatling
   * JVM's start and its report, with room for a busy machine.
   */
  static final Duration MARGIN = Duration.ofMinutes(5);

  /**
   * One run: its outcome, or why there is none.
   *
   * @param log Gatling's output, relative to the perf report's directory
   * @param report Gatling's {@code index.html}, relative likewise; null if it wrote none
   * @param outcome null when the run failed
   * @param gatlingCpuSeconds the forked JVM's CPU, its start-up and report included
   * @param wallSeconds the fork's wall time, likewise
   * @param failure why the run has no outcome; null if it has one
   * @param logTail the end of Gatling's output when the run failed, empty otherwise
   */
  public record Result(int exitCode, String log, String report, SessionOutcome outcome, double gatlingCpuSeconds,
      double wallSeconds, String failure, List<String> logTail) {

    public Result {
      logTail = List.copyOf(logTail);
      if ((outcome == null) == (failure == null)) {
        throw new IllegalArgumentException("a session run has either an outcome or a failure, not "
            + (outcome == null ? "neither" : "both"));
      }
    }

    public boolean failed() {
      return failure != null;
    }
  }

  private SessionRun() {}

  /**
   * Runs the session scenario against {@code base}, writing Gatling's output and
   * {@value SessionOutcome#FILE_NAME} under {@code directory} (emptied first).
   *
   * @param runId makes the created users' emails unique across runs against the same database
   * @param reportRoot the perf report's directory, which the result's paths are relative to
   */
  public static Result run(URI base, SessionSettings settings, String runId, Path directory, Path reportRoot)
      throws InterruptedException {
    GatlingFork.prepare(directory);
    GatlingCommand command = GatlingCommand.of(Sessions.class)
        .property("perflab.baseUrl", base.toString())
        .property("perflab.runId", runId)
        .property("perflab.outcomeDir", directory.toAbsolutePath().toString())
        .resultsDirectory(directory.toAbsolutePath());
    settings.properties().forEach(command::property);
    Duration timeout = settings.injectionDuration().plus(settings.longestSession()).plus(MARGIN);
    Path log = directory.resolve("gatling.log");
    GatlingFork.Ended ended = GatlingFork.run(command, log, timeout, "Gatling for the session scenario");

    String report = GatlingReport.latestRunDirectory(directory)
        .map(run -> GatlingFork.relative(reportRoot, run.resolve("index.html"))).orElse(null);
    Optional<String> failure = failure(ended, timeout, directory);
    return failure.isPresent()
        ? new Result(ended.exitCode(), GatlingFork.relative(reportRoot, log), report, null, ended.cpuSeconds(),
            ended.wallSeconds(), failure.get(), GatlingFork.tail(log))
        : new Result(ended.exitCode(), GatlingFork.relative(reportRoot, log), report, SessionOutcome.read(directory),
            ended.cpuSeconds(), ended.wallSeconds(), null, List.of());
  }

  private static Optional<String> failure(GatlingFork.Ended ended, Duration timeout, Path directory) {
    if (ended.timedOut()) {
      return Optional.of("Gatling did not finish within " + timeout.toSeconds() + " s (the load's "
          + (timeout.minus(MARGIN).toSeconds()) + " s and " + MARGIN.toMinutes() + " min to start and report)");
    }
    if (ended.exitCode() == GatlingCommand.EXIT_NO_RUN) {
      return Optional.of("Gatling did not run (exit code 1)");
    }
    if (ended.exitCode() != GatlingCommand.EXIT_OK) {
      return Optional.of("Gatling exited with " + ended.exitCode());
    }
    if (!Files.isRegularFile(directory.resolve(SessionOutcome.FILE_NAME))) {
      return Optional.of("Gatling ended without writing " + SessionOutcome.FILE_NAME + " in " + directory);
    }
    return Optional.empty();
  }
}
