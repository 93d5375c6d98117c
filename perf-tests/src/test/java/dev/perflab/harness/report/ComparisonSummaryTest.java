package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.StartupExplanation;
import dev.perflab.harness.result.StartupExplanation.Difference;
import dev.perflab.harness.result.StartupExplanation.RecordedSide;
import dev.perflab.harness.run.ComparisonPart;
import dev.perflab.harness.run.ReportFiles;
import dev.perflab.harness.run.RunReport;
import dev.perflab.harness.stats.Comparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonSummaryTest {

  private static final List<Double> A = List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0);

  private static List<Double> times(double factor) {
    return A.stream().map(value -> value * factor).toList();
  }

  private static CellComparison cell(String id, double timeFactor, String failure) {
    return new CellComparison(id, new LaunchedImage("perflab-base/x:1-jvm", "sha256:aaaa1111bbbb2222", 5, false),
        new LaunchedImage("perflab/x:1-jvm", "sha256:cccc3333dddd4444", 5, false), Map.of(), Map.of(), List.of(
        Comparison.of(Metric.RSS_BYTES_AFTER_WARMUP, times(150e3), times(150e3)),
        Comparison.of(Metric.TIME_TO_FIRST_OK_MILLIS, A, times(timeFactor)),
        Comparison.exact(Metric.IMAGE_SIZE_BYTES, 120e6, 120e6, 0.02)),
        failure == null ? Outcome.MEASURED : Outcome.Failed.of("side B (perflab/x:1-jvm)", failure), null);
  }

  @Test
  void whatChangedNamesTheCountersThatMovedBeyondTheirNoise() {
    // Six pairs (the fewest for a 95 % interval): B loads 8 % more classes on every launch, spends more on loading them, and the rest only wobbles.
    Map<String, List<Double>> a = Map.of(
        Metric.CLASSES_LOADED_AT_FIRST_OK.key(), List.of(11184.0, 11184.0, 11184.0, 11184.0, 11184.0, 11184.0),
        Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK.key(), List.of(3400.0, 3450.0, 3380.0, 3420.0, 3410.0, 3430.0),
        Metric.JIT_COMPILES_AT_FIRST_OK.key(), List.of(2700.0, 2750.0, 2690.0, 2720.0, 2710.0, 2730.0),
        Metric.GC_PAUSES_AT_FIRST_OK.key(), List.of(0.0, 0.0, 1.0, 0.0, 0.0, 0.0));
    Map<String, List<Double>> b = Map.of(
        Metric.CLASSES_LOADED_AT_FIRST_OK.key(), List.of(12098.0, 12098.0, 12098.0, 12098.0, 12098.0, 12098.0),
        Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK.key(), List.of(3700.0, 3760.0, 3690.0, 3730.0, 3720.0, 3740.0),
        Metric.JIT_COMPILES_AT_FIRST_OK.key(), List.of(2710.0, 2690.0, 2740.0, 2700.0, 2730.0, 2720.0),
        Metric.GC_PAUSES_AT_FIRST_OK.key(), List.of(0.0, 1.0, 0.0, 0.0, 0.0, 0.0));
    CellComparison moved = new CellComparison("q/jvm/1cpu", cell("q/jvm/1cpu", 1.0, null).baselineLaunched(),
        cell("q/jvm/1cpu", 1.0, null).candidateLaunched(), a, b, cell("q/jvm/1cpu", 1.08, null).comparisons(),
        Outcome.MEASURED, null);
    CellComparison same = new CellComparison("m/jvm/1cpu", moved.baselineLaunched(), moved.candidateLaunched(), a, a,
        cell("m/jvm/1cpu", 1.0, null).comparisons(), Outcome.MEASURED, null);

    assertThat(WhatChanged.of(moved)).extracting(change -> change.metric())
        .containsExactly(Metric.CLASSES_LOADED_AT_FIRST_OK, Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK);
    String md = ComparisonSummary.render(report(CompareMode.AB, List.of(List.of(moved, same)), List.of()));

    assertThat(md).contains("### What changed in the JVM's work",
        "| q/jvm/1cpu | classes loaded at first OK | 11184 | 12098 | +914 (+8.2 %) | exact |",
        "| q/jvm/1cpu | class loading time at first OK | 3415 ms | 3725 ms | +310 ms (+9.1 %) | 1.09",
        "| m/jvm/1cpu | no counter moved beyond its noise |");
    assertThat(md).doesNotContain("JIT compilations at first OK |");
    // Three pairs that all point one way give at most 75 %: no claim.
    Map<String, List<Double>> three = Map.of(Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK.key(), List.of(3400.0, 3450.0,
        3380.0));
    Map<String, List<Double>> threeSlower = Map.of(Metric.CLASS_LOADING_MILLIS_AT_FIRST_OK.key(), List.of(3700.0,
        3760.0, 3690.0));
    assertThat(WhatChanged.of(new CellComparison("q/jvm/1cpu", moved.baselineLaunched(), moved.candidateLaunched(),
        three, threeSlower, List.of(), Outcome.MEASURED, null))).isEmpty();
    // Cells whose launches carried no counters (a native image) get no such table.
    assertThat(ComparisonSummary.render(report(CompareMode.AB, List.of(List.of(cell("n/native/1cpu", 1.0, null))),
        List.of()))).doesNotContain("What changed");
  }

  private static ComparisonReport report(CompareMode mode, List<List<CellComparison>> runs, List<String> notes) {
    return new ComparisonReport(mode, SummaryTableTest.environment(), 80, 10, 0,
        Map.of("timeToFirstOkMillis", 0.05), notes, runs);
  }

  @Test
  void regressionsComeFirstWithTheirFigures() {
    String md = ComparisonSummary.render(report(CompareMode.AB,
        List.of(List.of(cell("a/jvm/1cpu", 1.0, null), cell("b/jvm/1cpu", 1.12, null))), List.of()));
    assertThat(md).startsWith("## perflab A/B comparison: **1 REGRESSION**");
    int regression = md.indexOf("| **REGRESSION** | b/jvm/1cpu | timeToFirstOkMillis | 1000 ms | 1120 ms | 1.120 (");
    assertThat(regression).isPositive();
    assertThat(md.indexOf("| no change |")).isGreaterThan(regression);
    assertThat(md).contains("| 120.0 MB | 120.0 MB | 1.000 (exact) |").contains("fingerprint ");
  }

  @Test
  void aFailedCellIsShownWithItsLogAndNotesAreQuoted() {
    String md = ComparisonSummary.render(report(CompareMode.AB,
        List.of(List.of(cell("a/jvm/1cpu", 1.0, "exit code 137"))),
        List.of("The baseline is a recorded run.")));
    assertThat(md).contains("**1 cell(s) FAILED**").contains("exit code 137").contains("> The baseline is a recorded run.");
  }

  @Test
  void anExperimentCountsItsVerdictsAndACalibrationShowsItsNoise() {
    List<List<CellComparison>> runs = List.of(List.of(cell("a/jvm/1cpu", 1.0, null)), List.of(cell("a/jvm/1cpu", 1.0, null)));
    String md = ComparisonSummary.render(report(CompareMode.AA, runs, List.of()));
    assertThat(md).contains("2 runs, verdicts counted below")
        .contains("| a/jvm/1cpu | timeToFirstOkMillis | 2 | 0 | 0 | 2 |")
        .contains("### Noise and what it lets a comparison see")
        .doesNotContain("| a/jvm/1cpu | imageSizeBytes | 0");
  }

  @Test
  void aFlightRecordedExplanationListsTheLargestDifferencesAndSaysWhyOneIsMissing() {
    StartupExplanation explained = new StartupExplanation(null, new RecordedSide(1210, 118, 41_000_000, "A/startup.jfr"),
        new RecordedSide(1350, 131, 48_200_000, "B/startup.jfr"),
        List.of(new Difference("org.apache.hc.client5.http.impl.classic.HttpClients.createDefault", 0, 14, 0, 14)),
        List.of(new Difference("org.springframework.asm.ClassReader.<init>", 3_100_000, 5_900_000, 3, 5)));
    String md = ComparisonSummary.render(report(CompareMode.AB, List.of(List.of(
        cell("a/jvm/1cpu", 1.1, null).withExplanation(explained),
        cell("b/jvm/1cpu", 1.0, null).withExplanation(StartupExplanation.unavailable("mode native runs no JVM to record")))),
        List.of()));

    assertThat(md).contains("### Where the start's work went (one flight recording a side)")
        .contains("| `org.apache.hc.client5.http.impl.classic.HttpClients.createDefault` | 0 | 14 | +14 | 0 → 14,"
            + " beyond noise |")
        .contains("| `org.springframework.asm.ClassReader.<init>` | 3.1 MB | 5.9 MB | +2.8 MB | 3 → 5, within noise |")
        .contains("A: first OK after 1210 ms, 118 execution samples, 41.0 MB sampled allocation")
        .contains("#### b/jvm/1cpu\n\nNot available: mode native runs no JVM to record");
  }

  @Test
  void writesJsonMarkdownAndAPageWithARatioChartPerRunForAnExperiment(@TempDir Path dir) throws Exception {
    List<List<CellComparison>> runs = List.of(List.of(cell("a/jvm/1cpu", 1.0, null)), List.of(cell("a/jvm/1cpu", 1.12, null)));
    ComparisonPart.Result result = new ComparisonPart.Result(report(CompareMode.INJECTED_REGRESSION, runs, List.of()));
    ReportFiles.write(new RunReport(result.document(), SummaryTableTest.environment(), "./mvnw -Pperf verify",
        List.of(result)), dir);
    assertThat(Json.MAPPER.readTree(dir.resolve("comparison.json").toFile()).path("tallies")).hasSize(3);
    assertThat(Files.readString(dir.resolve("summary.md"))).startsWith("## perflab injected-regression check");
    String html = Files.readString(dir.resolve("index.html"));
    // The last run's cells and metrics, then one chart of every run's time to first OK.
    assertThat(html.split("class=\"chart\"", -1)).hasSize(3);
    assertThat(html).contains("a/jvm/1cpu: time to first OK, B/A in each run").contains("run 2");
  }
}
