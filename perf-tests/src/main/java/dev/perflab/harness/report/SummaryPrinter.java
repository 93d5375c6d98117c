package dev.perflab.harness.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Prints a perf run's summary.md at the end of the Maven run (after the test results, where a
 * reader looks), run by the build with the summary's path as its argument. JMH's results, run
 * by their own test, are merged into results.json and the summary first.
 */
public final class SummaryPrinter {

  private SummaryPrinter() {}

  public static void main(String[] args) throws IOException {
    Path summary = Path.of(args[0]);
    JmhTable.mergeInto(summary.getParent());
    if (Files.exists(summary)) {
      System.out.println("\n" + Files.readString(summary) + "\nFull results: " + summary.resolveSibling("results.json"));
    } else {
      System.out.println("\nNo perf summary was written (" + summary + "): the run stopped before measuring; see the test output above.");
    }
  }
}
