package dev.perflab.harness.report;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.Outcome;
import java.util.stream.Collectors;

/**
 * A verdict as a table shows it, the same words in summary.md and on the page: its keyword
 * ("FAILED", "OVER BUDGET", "within budget", "unavailable") and what follows it. Markdown sets an
 * alarming keyword in bold; the page shows it as plain text.
 */
public record VerdictText(String keyword, String rest, boolean alarming) {

  private static VerdictText alarm(String keyword, String rest) {
    return new VerdictText(keyword, rest, true);
  }

  private static VerdictText calm(String text) {
    return new VerdictText(text, "", false);
  }

  /** A startup cell: unavailable, failed, over budget (naming the metrics), within budget, or measured (no budget). */
  public static VerdictText of(CellReport cell) {
    return switch (cell.outcome()) {
      case Outcome.Unavailable unavailable -> calm(cell.outcome().summary());
      case Outcome.Failed failed -> alarm("FAILED", " (see below)");
      case Outcome.Measured measured -> !cell.breaches().isEmpty()
          ? alarm("OVER BUDGET", ": " + cell.breaches().stream().map(Breach::metric).collect(Collectors.joining(", ")))
          : !cell.advisoryBreaches().isEmpty()
              ? calm("over budget, advisory: " + cell.advisoryBreaches().stream().map(Breach::metric)
                  .collect(Collectors.joining(", ")))
              : calm(cell.budget() == null ? "measured" : "within budget");
    };
  }

  /** A load cell that was not driven: unavailable, or failed. */
  public static VerdictText notDriven(CellLoad load) {
    return load.outcome().unavailable() ? calm(load.outcome().summary()) : alarm("FAILED", " (see below)");
  }

  /** A Gatling run: failed, invalid if Gatling set the pace, over budget, within budget or without assertions. */
  public static VerdictText of(GatlingRun run) {
    if (run.outcome() instanceof Outcome.Failed failed) {
      return alarm("FAILED", ": " + failed.reason());
    }
    boolean overBudget = !run.assertions().isEmpty() && !run.assertionsPassed();
    String budget = overBudget ? "OVER BUDGET" : run.assertions().isEmpty() ? "no assertions" : "within budget";
    if (run.generatorLimited()) {
      return alarm("INVALID", ": generator-limited (" + budget + ")");
    }
    return overBudget ? alarm(budget, "") : calm(budget);
  }

  /** For summary.md: "**FAILED** (see below)". */
  public String markdown() {
    return (alarming && !keyword.isEmpty() ? "**" + keyword + "**" : keyword) + rest;
  }

  /** For the page: "FAILED (see below)". */
  public String plain() {
    return keyword + rest;
  }
}
