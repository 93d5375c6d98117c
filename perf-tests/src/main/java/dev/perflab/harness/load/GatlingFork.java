package dev.perflab.harness.load;

import dev.perflab.gatling.GatlingCommand;
import dev.perflab.harness.measure.ReapedChildrenCpu;
import dev.perflab.harness.result.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One simulation forked in a Gatling JVM of its own, run to its end or killed at a timeout, its
 * output in a log file: what {@link GatlingRunner} (the catalog's simulations) and
 * {@link SessionRun} (the session scenario) share. The fork inherits the harness's CPU pinning;
 * its CPU is read from the kernel once it has been reaped (the JDK has none for an ended process).
 */
final class GatlingFork {

  /**
   * How the fork ended.
   *
   * @param exitCode Gatling's exit status, -1 when it was killed at the timeout
   * @param cpuSeconds the forked JVM's CPU, start-up and report writing included
   * @param wallSeconds from the start to the end (or the kill), likewise
   */
  record Ended(int exitCode, boolean timedOut, double cpuSeconds, double wallSeconds) {}

  private GatlingFork() {}

  /** @param subject what is forked, for the message if it cannot start ("Gatling for ramp") */
  static Ended run(GatlingCommand command, Path log, Duration timeout, String subject) throws InterruptedException {
    long cpuBefore = ReapedChildrenCpu.millis();
    long started = System.nanoTime();
    Process gatling;
    try {
      gatling = new ProcessBuilder(command.toCommand()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + subject, e);
    }
    boolean finished = gatling.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (!finished) {
      gatling.destroyForcibly().waitFor();
    }
    return new Ended(finished ? gatling.exitValue() : -1, !finished,
        (ReapedChildrenCpu.millis() - cpuBefore) / 1000.0, (System.nanoTime() - started) / 1e9);
  }

  /** Empties {@code directory} (a rerun's output must not mix with the last run's), creating it if need be. */
  static void prepare(Path directory) {
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

  /** The end of the log, for a failure's account. */
  static List<String> tail(Path log) {
    try {
      return Outcome.Failed.tail(Files.readString(log));
    } catch (IOException e) {
      return List.of("(no log: " + e.getMessage() + ")");
    }
  }

  /** {@code file} as the perf report links it: relative to the report's directory. */
  static String relative(Path reportRoot, Path file) {
    return reportRoot.toAbsolutePath().relativize(file.toAbsolutePath()).toString();
  }
}
