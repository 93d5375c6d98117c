package dev.perflab.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.perflab.harness.budget.Budgets;
import dev.perflab.harness.build.BuildCost;
import dev.perflab.harness.load.CellLoad;
import dev.perflab.harness.load.LoadSettings;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.run.CellResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A perf run's results: the environment, how many launches were discarded and measured per
 * cell, and every cell. Written as {@code results.json} (everything, raw samples included),
 * {@code summary.md} (the table a person reads) and {@code index.html} (the charts a person looks
 * at, self-contained).
 */
public record PerfReport(
    String schema,
    EnvironmentRecord environment,
    int discardedLaunches,
    int measuredLaunches,
    List<CellReport> cells,
    List<BuildCost> buildCosts,
    LoadSettings loadSettings,
    List<CellLoad> loads) {

  public static final String SCHEMA = "perflab-results/4";

  public static final ObjectMapper JSON = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  public PerfReport(EnvironmentRecord environment, int discardedLaunches, int measuredLaunches, List<CellReport> cells,
      List<BuildCost> buildCosts, LoadSettings loadSettings, List<CellLoad> loads) {
    this(SCHEMA, environment, discardedLaunches, measuredLaunches, List.copyOf(cells), List.copyOf(buildCosts),
        loadSettings, List.copyOf(loads));
  }

  /** Cells with their budget verdicts; with {@code budgets} null, cells are reported as measured only. */
  public static PerfReport of(EnvironmentRecord environment, int discardedLaunches, int measuredLaunches,
      List<CellResult> results, Budgets budgets, List<BuildCost> buildCosts, LoadSettings loadSettings,
      List<CellLoad> loads) {
    List<CellReport> cells = results.stream()
        .map(result -> budgets == null
            ? CellReport.of(result, null, List.of())
            : CellReport.of(result, budgets.cells().get(result.cellId()), budgets.check(result)))
        .toList();
    return new PerfReport(environment, discardedLaunches, measuredLaunches, cells, buildCosts, loadSettings, loads);
  }

  /** Writes results.json, summary.md and index.html into {@code dir}; returns the summary's text. */
  public String writeTo(Path dir) throws IOException {
    Files.createDirectories(dir);
    JSON.writeValue(dir.resolve("results.json").toFile(), this);
    String summary = SummaryTable.render(this);
    Files.writeString(dir.resolve("summary.md"), summary);
    Files.writeString(dir.resolve("index.html"), PerfRunHtml.render(this));
    return summary;
  }
}
