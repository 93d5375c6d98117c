package dev.perflab.harness.report;

import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.RunKind;
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
    HarnessConfig config = HarnessConfig.load();
    System.out.println(text(Path.of(args[0]).resolve(config.reportDir()), config.kind().jsonFile()));
  }

  /**
   * The summary in {@code reportDir} with where the whole report is, if this kind of run wrote it:
   * a comparison refused for its directory leaves a perf run's summary there, which is not its own.
   *
   * @param jsonName the JSON file this kind of run writes with its summary
   */
  static String text(Path reportDir, String jsonName) throws IOException {
    Path summary = reportDir.resolve(RunKind.SUMMARY);
    Path json = reportDir.resolve(jsonName);
    if (!Files.exists(summary) || !Files.exists(json)) {
      return "\nNo summary was written (" + summary + "): the run stopped before measuring; see the test output"
          + " above.";
    }
    return "\n" + Files.readString(summary) + "\nThe whole report (JSON with every sample, " + RunKind.PAGE + "): "
        + reportDir.toAbsolutePath().normalize();
  }
}
