package dev.perflab.harness.budget;

import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.GatlingRun;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Budgets proposed from a run's measurements: each cell's median with its metric's headroom
 * ({@link BudgetedMetric#proposedHeadroom}), each budgeted Gatling run's p95, p99 and errors with
 * {@value #GATLING_LATENCY_HEADROOM}x. Written by every run that measured startup, as
 * {@value #FILE}, for a person to review and commit: the first run of a service of one's own has
 * no budgets, and this is where they come from.
 */
public final class RecordedBudgets {

  public static final String FILE = "recorded-budgets.yaml";

  /** Gatling's p95 and p99 over a 20 s run move more between runs than a median over launches. */
  static final double GATLING_LATENCY_HEADROOM = 1.5;

  /** Errors: twice the measured share, and never under 1 % (no budget of 0 errors that one timeout breaks). */
  static final double MIN_ERROR_PERCENT = 1;

  private RecordedBudgets() {}

  /**
   * The budgets file text, or empty when no cell was measured.
   *
   * @param gatling the Gatling part's cells, or null when it did not run
   * @param budgetedSimulations the names of the catalog's budgeted simulations, empty when no app of
   *     the catalog answers the contract (then no Gatling budget is needed)
   */
  public static Optional<String> yaml(List<CellReport> cells, List<CellGatling> gatling,
      List<String> budgetedSimulations, String command, List<ReferenceRuns> machineReference) {
    List<CellReport> measured = cells.stream().filter(cell -> cell.outcome().measured()).toList();
    if (measured.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder yaml = new StringBuilder();
    yaml.append("# Budgets proposed by a perf run from its own measurements, rounded up: each cell's median over\n")
        .append("# its measured launches plus\n#   ").append(headroomText()).append(";\n")
        .append("# Gatling p95 and p99 x").append(GATLING_LATENCY_HEADROOM).append(", errors twice the measured share and")
        .append(" at least ").append(fmt(MIN_ERROR_PERCENT)).append(" %.\n")
        .append("# Review them (a first run on a busy machine proposes loose ones), then pass the file with\n")
        .append("# -Dperflab.budgets.file.\n")
        .append("# Measured by: ").append(command).append('\n');
    List<CellReport> failed = cells.stream().filter(cell -> cell.outcome().failed()).toList();
    failed.forEach(cell -> yaml.append("# ").append(cell.cellId())
        .append(" failed and has no budget here: fix it (summary.md says why), or drop its profile or mode.\n"));
    appendMachineReference(yaml, measured, machineReference);
    yaml.append("cells:\n");
    for (CellReport cell : measured) {
      yaml.append("  ").append(cell.cellId()).append(":\n");
      for (BudgetedMetric metric : BudgetedMetric.values()) {
        double value = metric.measured(cell).orElse(0.0);
        yaml.append("    ").append(metric.budgetField()).append(": ")
            .append(roundUp(value * metric.proposedHeadroom())).append('\n');
      }
    }
    appendGatling(yaml, gatling, budgetedSimulations);
    return Optional.of(yaml.toString());
  }

  /**
   * How fast this machine ran the reference while these figures were measured, per profile of the
   * measured cells: what the time budgets will be scaled against on another machine or day.
   */
  private static void appendMachineReference(StringBuilder yaml, List<CellReport> measured,
      List<ReferenceRuns> machineReference) {
    List<String> profiles = measured.stream().map(cell -> Cell.profileName(cell.cellId()))
        .distinct().toList();
    yaml.append("# The machine these were measured on, as the machine reference timed it (mean ms per profile):\n")
        .append("# time budgets are judged at their value times this machine's figure over these.\n")
        .append("machineReferenceMillis:\n");
    for (String profile : profiles) {
      ReferenceRuns runs = machineReference.stream().filter(r -> r.profile().equals(profile)).findFirst()
          .orElseThrow(() -> new IllegalStateException("the run measured no machine reference under " + profile));
      yaml.append("  ").append(profile).append(": ").append(Math.round(runs.meanMillis())).append('\n');
    }
  }

  private static void appendGatling(StringBuilder yaml, List<CellGatling> gatling, List<String> budgetedSimulations) {
    List<CellGatling> ran = gatling == null ? List.of()
        : gatling.stream().filter(cell -> cell.skipped() == null && !cell.runs().isEmpty()).toList();
    if (ran.isEmpty()) {
      // budgetedSimulations is empty for a catalog without a contract app: nothing is missing then.
      yaml.append(gatling == null && !budgetedSimulations.isEmpty()
          ? "# The Gatling part did not run: each load cell of an app with contract: true needs its Gatling\n"
              + "# budgets here (-Dperflab.full=true runs it, and proposes them).\n" : "");
      yaml.append("gatling: {}\n");
      return;
    }
    yaml.append("gatling:\n");
    for (CellGatling cell : ran) {
      yaml.append("  ").append(cell.cellId()).append(":\n");
      for (GatlingRun run : cell.runs()) {
        if (!budgetedSimulations.contains(run.name()) || run.global() == null) {
          continue;
        }
        RequestStats global = run.global();
        yaml.append("    ").append(run.name()).append(": {maxP95Millis: ")
            .append(roundUp(global.p95Millis() * GATLING_LATENCY_HEADROOM)).append(", maxP99Millis: ")
            .append(roundUp(global.p99Millis() * GATLING_LATENCY_HEADROOM)).append(", maxErrorPercent: ")
            .append(fmt(Math.max(MIN_ERROR_PERCENT, 2 * global.errorPercent()))).append("}\n");
      }
    }
  }

  /** "25 % (median timeToFirstOkMillis), 15 % (image size), ...", one metric to a comment line. */
  private static String headroomText() {
    StringBuilder text = new StringBuilder();
    for (BudgetedMetric metric : BudgetedMetric.values()) {
      text.append(text.isEmpty() ? "" : ",\n#   ").append(Math.round((metric.proposedHeadroom() - 1) * 100))
          .append(" % (").append(metric.checkName()).append(')');
    }
    return text.toString();
  }

  /** Up to a whole number, or above 100 to three significant digits: 1234 -> 1240, 87.2 -> 88. */
  static long roundUp(double value) {
    if (value <= 100) {
      return (long) Math.ceil(value);
    }
    double step = Math.pow(10, Math.floor(Math.log10(value)) - 2);
    return (long) (Math.ceil(value / step) * step);
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
