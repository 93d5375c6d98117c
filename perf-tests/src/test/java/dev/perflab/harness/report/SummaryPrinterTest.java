package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryPrinterTest {

  @TempDir
  Path dir;

  @Test
  void printsTheSummaryOfTheRunThatWroteIt() throws Exception {
    Files.writeString(dir.resolve("comparison.json"), "{}");
    Files.writeString(dir.resolve("summary.md"), "## perflab A/B comparison: no change\n");

    assertThat(SummaryPrinter.text(dir, "comparison.json")).startsWith("\n## perflab A/B comparison: no change")
        .endsWith("The whole report (JSON with every sample, index.html): " + dir);
  }

  @Test
  void aPerfRunsSummaryIsNotPrintedForAComparisonThatWroteNone() throws Exception {
    // A comparison refused for this directory left the perf run's report in it as it was.
    Files.writeString(dir.resolve("results.json"), "{}");
    Files.writeString(dir.resolve("summary.md"), "## perflab: all cells within budget\n");

    assertThat(SummaryPrinter.text(dir, "comparison.json")).startsWith("\nNo summary was written (" + dir.resolve("summary.md"))
        .doesNotContain("within budget");
    assertThat(SummaryPrinter.text(dir, "results.json")).contains("all cells within budget");
  }

  /** An experiment writes experiment.json with its summary: a finished one is printed, not "stopped before". */
  @Test
  void anExperimentsSummaryIsPrinted() throws Exception {
    Files.writeString(dir.resolve("experiment.json"), "{}");
    Files.writeString(dir.resolve("summary.md"), "# Pipes and filters (scale smoke)\n");

    assertThat(SummaryPrinter.text(dir, "experiment.json")).startsWith("\n# Pipes and filters (scale smoke)");
    assertThat(SummaryPrinter.text(dir, "results.json")).startsWith("\nNo summary was written");
  }
}
