package dev.perflab.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.jmh.JmhRun;
import dev.perflab.harness.report.JmhTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.RunnerException;

/**
 * JMH's second opinion: the startup and request-latency benchmarks over every cell of the load
 * profile whose app answers the perflab contract (the latency benchmark times contract endpoints)
 * and whose image is built. No lab is open while it runs: each JMH fork opens its own.
 */
public final class JmhPart implements Part {

  private static final String JSON_FILE = "jmh.json";

  @Override
  public String name() {
    return "jmh";
  }

  /** About 2 min a contract app (its benchmarks' forks and iterations), from the reference runs. */
  @Override
  public Duration estimate(RunContext run) {
    return Duration.ofMinutes(2L * run.catalog().gatlingCells().size());
  }

  @Override
  public PartResult run(RunContext run) throws IOException {
    List<String> cells = run.catalog().cells().stream()
        .filter(cell -> cell.app().contract())
        .filter(cell -> cell.profile().name().equals(run.catalog().load().profile()))
        .filter(cell -> run.images().find(cell.image()).isPresent())
        .map(Cell::id)
        .toList();
    if (cells.isEmpty()) {
      return new Result(cells, null, Check.skipped("jmh", "no cell of this run's catalog (perflab.catalog) answers"
          + " the perflab contract in the load profile with its image built"));
    }
    Path json = run.reportDir().resolve(JSON_FILE);
    Files.createDirectories(json.getParent());
    try {
      int results = JmhRun.run(cells, run.config().catalogFile(), json).size();
      int expected = cells.size() * JmhRun.RESULTS_PER_CELL;
      Check check = results == expected ? Check.passed("jmh")
          : Check.failed("jmh", "JMH gave " + results + " results of " + expected,
              "JMH gave " + results + " results, expected " + expected + " for the cells " + cells);
      return new Result(cells, Json.MAPPER.readTree(json.toFile()), check);
    } catch (RunnerException e) {
      return new Result(cells, null, Check.failed("jmh", "JMH failed: " + e.getMessage(), e.toString()));
    }
  }

  /**
   * @param jmh the JSON JMH wrote, a list of results; null if it did not run to the end
   */
  public record Result(List<String> cells, JsonNode jmh, Check check) implements PartResult {

    @Override
    public Map<String, Object> json() {
      return jmh == null ? Map.of() : Map.of("jmh", jmh);
    }

    @Override
    public String markdown() {
      return jmh == null ? "" : JmhTable.render(jmh);
    }

    /** The page leaves JMH to summary.md. */
    @Override
    public void html(HtmlPage page) {}

    @Override
    public List<Check> checks() {
      return List.of(check);
    }
  }
}
