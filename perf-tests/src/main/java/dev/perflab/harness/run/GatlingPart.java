package dev.perflab.harness.run;

import dev.perflab.gatling.AssertionResult;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.GatlingDrive;
import dev.perflab.harness.report.GatlingTable;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.report.html.PerfRunHtml;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The catalog's Gatling simulations against every load cell whose app answers the perflab contract,
 * each cell in a fresh container given the load part's warm-up; budgeted simulations assert their
 * budgets.yaml thresholds with Gatling's own assertions.
 */
public final class GatlingPart implements Part {

  @Override
  public String name() {
    return "gatling";
  }

  /** Per cell: a start, the load part's warm-up, and about 40 s a simulation (its run and its report). */
  @Override
  public Duration estimate(RunContext run) {
    return run.catalog().gatlingCells().stream()
        .map(cell -> Duration.ofSeconds(10L + 40L * run.catalog().load().gatling().size())
            .plus(run.catalog().load().forCell(cell).warmup()))
        .reduce(Duration.ZERO, Duration::plus);
  }

  @Override
  public boolean usesBudgets() {
    return true;
  }

  @Override
  public PartResult run(RunContext run) {
    List<CellGatling> cells = new ArrayList<>();
    try (Lab lab = run.openLab()) {
      for (Cell cell : run.catalog().loadCells()) {
        cells.add(GatlingDrive.drive(lab, cell, run.catalog().load(),
            simulation -> run.budgets() == null ? null : run.budgets().gatling(cell.id(), simulation),
            run.reportDir()));
      }
    }
    return new Result(cells);
  }

  /** Every load cell's simulations, or why they did not run. */
  public record Result(List<CellGatling> gatling) implements PartResult {

    public Result {
      gatling = List.copyOf(gatling);
    }

    @Override
    public Map<String, Object> json() {
      return Map.of("gatling", gatling);
    }

    @Override
    public String markdown() {
      StringBuilder md = new StringBuilder();
      GatlingTable.append(md, gatling);
      return md.toString();
    }

    @Override
    public void html(HtmlPage page) {
      PerfRunHtml.gatling(page, gatling);
    }

    /** A check per simulation run; per cell, one where it was skipped or did not run. */
    @Override
    public List<Check> checks() {
      return gatling.stream().flatMap(cell -> Stream.concat(cellCheck(cell).stream(),
          cell.runs().stream().map(run -> runCheck(cell.cellId(), run)))).toList();
    }

    private static Optional<Check> cellCheck(CellGatling cell) {
      String name = "gatling " + cell.cellId();
      if (cell.skipped() != null) {
        return Optional.of(Check.skipped(name, "skipped: " + cell.skipped()));
      }
      return cell.outcome().measured() ? Optional.empty()
          : Optional.of(Check.of(name, cell.outcome(), Outcome.Failed::headline));
    }

    private static Check runCheck(String cellId, GatlingRun run) {
      String name = "gatling " + cellId + " " + run.name();
      String subject = "Gatling " + cellId + " " + run.name();
      if (run.outcome() instanceof Outcome.Failed failed) {
        return Check.failed(name, subject + ": " + failed.reason(), cellId + " " + failed.describe());
      }
      if (run.generatorLimited()) {
        String why = String.format(java.util.Locale.ROOT, "Gatling used %.2f cores of its one: the figures may"
            + " measure the generator, not the cell", run.generatorCores());
        return Check.failed(name, subject + ": " + why, cellId + " " + run.name() + ": " + why);
      }
      if (!run.assertionsPassed()) {
        String broken = run.assertions().stream().filter(a -> !a.passed()).map(AssertionResult::description)
            .collect(Collectors.joining("; "));
        return Check.overBudget(name, subject + ": " + broken,
            cellId + " " + run.name() + " broke its budget: " + broken + " (report: " + run.report() + ")");
      }
      return Check.passed(name);
    }

    @Override
    public List<String> problems() {
      return gatling.stream().map(CellGatling::outcome).filter(Outcome.Failed.class::isInstance)
          .map(failed -> ((Outcome.Failed) failed).describe()).toList();
    }

    @Override
    public Optional<String> passed() {
      return gatling.stream().allMatch(cell -> cell.runs().isEmpty()) ? Optional.empty()
          : Optional.of("every budgeted Gatling run within its budget");
    }
  }
}
