package dev.perflab.harness.report;

import dev.perflab.harness.compare.CellComparison;
import dev.perflab.harness.compare.CompareMode;
import dev.perflab.harness.compare.Tally;
import dev.perflab.harness.report.html.ComparisonHtml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A comparison run's results: what was compared with what, how, where, and per run and cell the
 * samples, ratios, intervals and verdicts. Written as {@code comparison.json}, {@code summary.md}
 * (verdicts first, to paste as a pull-request comment) and {@code index.html}.
 *
 * @param baseline what side A ran, e.g. "perflab-base/{app}:{version}-{mode}"
 * @param candidate what side B ran
 * @param notes what a reader must know to weigh the verdicts (a recorded baseline, the injected delay)
 * @param thresholds per metric key, the relative change that earns a verdict
 * @param runs per run (one unless an experiment repeats the comparison), every cell compared
 */
public record ComparisonReport(
    String schema, CompareMode mode, EnvironmentRecord environment, String baseline, String candidate,
    int repetitionsPerSide, Map<String, Double> thresholds, List<String> notes, List<List<CellComparison>> runs,
    List<Tally> tallies) {

  public static final String SCHEMA = "perflab-comparison/1";

  public ComparisonReport(CompareMode mode, EnvironmentRecord environment, String baseline, String candidate,
      int repetitionsPerSide, Map<String, Double> thresholds, List<String> notes, List<List<CellComparison>> runs) {
    this(SCHEMA, mode, environment, baseline, candidate, repetitionsPerSide, Map.copyOf(thresholds),
        List.copyOf(notes), runs.stream().map(List::copyOf).toList(), Tally.of(runs));
  }

  /** Writes comparison.json, summary.md and index.html into {@code dir}; returns the summary. */
  public String writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    PerfReport.JSON.writeValue(dir.resolve("comparison.json").toFile(), this);
    String summary = ComparisonSummary.render(this);
    Files.writeString(dir.resolve("summary.md"), summary);
    Files.writeString(dir.resolve("index.html"), ComparisonHtml.render(this));
    return summary;
  }
}
