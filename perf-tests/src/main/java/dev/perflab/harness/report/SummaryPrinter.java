package dev.perflab.harness.report;

import dev.perflab.harness.config.HarnessConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Prints a run's summary.md at the end of the Maven run, after the test results, where a reader
 * looks. The build runs it in its own JVM with the perf-tests module's directory as its argument:
 * the report directory is the harness's setting, and a relative one is relative to that module.
 */
public final class SummaryPrinter {

  private SummaryPrinter() {}

  public static void main(String[] args) throws IOException {
    Path reportDir = Path.of(args[0]).resolve(HarnessConfig.load().reportDir());
    Path summary = reportDir.resolve("summary.md");
    if (!Files.exists(summary)) {
      System.out.println("\nNo summary was written (" + summary + "): the run stopped before measuring; see the test"
          + " output above.");
      return;
    }
    System.out.println("\n" + Files.readString(summary) + "\nThe whole report (JSON with every sample, index.html):"
        + " " + reportDir.toAbsolutePath().normalize());
  }
}
