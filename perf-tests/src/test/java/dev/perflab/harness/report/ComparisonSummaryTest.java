package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.Json;
import dev.perflab.harness.result.Outcome;
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
