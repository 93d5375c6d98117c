package dev.perflab.harness.report;

import dev.perflab.gatling.RampOutcome;
import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.GatlingRun;
import java.util.List;
import java.util.Locale;

/**
 * The summary's Gatling section: each simulation against each load cell over all its requests,
 * where each Ramp stopped and why, and Spike's {@code hello} latency per phase (before, during
 * and after each burst). Gatling's own HTML report is linked from every row.
 */
public final class GatlingTable {

  /** The endpoint whose per-phase lines the Spike table shows: the mix's most frequent. */
  private static final String SPIKE_ENDPOINT = "hello [";

  private GatlingTable() {}

  public static void append(StringBuilder md, List<CellGatling> cells) {
    md.append("## Gatling\n\nEach simulation over the weighted contract mix, bodies checked, against a fresh"
        + " container per load cell given the load part's warm-up, from the harness CPU. Times in ms over all requests (Gatling rounds to"
        + " whole ms); KO = failed status or body check. *generator cores*: the Gatling JVM's CPU over its wall"
        + " time, start-up included; above " + GatlingRun.GENERATOR_LIMIT_CORES + " the run may measure Gatling."
        + " Assertions come from budgets.yaml.\n\n");
    md.append("| cell | simulation | requests | KO % | mean | p50 | p95 | p99 | max | generator cores | verdict | report |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (CellGatling cell : cells) {
      for (GatlingRun run : cell.runs()) {
        md.append(row(cell.cellId(), run)).append('\n');
      }
      if (cell.skipped() != null) {
        md.append("| ").append(cell.cellId()).append(" | – | – | – | – | – | – | – | – | – | skipped: ")
            .append(cell.skipped()).append(" | |\n");
      } else if (!cell.outcome().measured()) {
        md.append("| ").append(cell.cellId()).append(" | – | – | – | – | – | – | – | – | – | ")
            .append(cell.outcome().unavailable() ? cell.outcome().summary() : "**FAILED** (see below)").append(" | |\n");
      }
    }
    appendRamps(md, cells);
    appendSpikes(md, cells);
  }

  private static String row(String cellId, GatlingRun run) {
    if (run.global() == null) {
      return String.format(Locale.ROOT, "| %s | %s | – | – | – | – | – | – | – | %.2f | %s | [log](%s) |",
          cellId, label(run), run.generatorCores(), VerdictText.of(run).markdown(), run.report());
    }
    RequestStats all = run.global();
    return String.format(Locale.ROOT, "| %s | %s | %d | %.2f | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %s | [html](%s) |",
        cellId, label(run), all.count(), all.errorPercent(), all.meanMillis(), all.p50Millis(), all.p95Millis(),
        all.p99Millis(), all.maxMillis(), run.generatorCores(), VerdictText.of(run).markdown(), run.report());
  }

  private static String label(GatlingRun run) {
    return run.name().equals(run.simulation()) ? run.name() : run.name() + " (" + run.simulation() + ")";
  }

  private static void appendRamps(StringBuilder md, List<CellGatling> cells) {
    StringBuilder rows = new StringBuilder();
    for (CellGatling load : cells) {
      for (GatlingRun run : load.runs()) {
        RampOutcome outcome = run.rampOutcome();
        if (outcome != null) {
          rows.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.1f | %d responses, p95 %.0f ms, %.1f %% KO |%n",
              load.cellId(), outcome.stopped() ? "stopped: " + outcome.reason() : "completed", outcome.ratePerSecond(),
              outcome.secondsSinceStart(), outcome.window().responses(), outcome.window().p95Millis(),
              outcome.window().errorPercent()));
        }
      }
    }
    if (!rows.isEmpty()) {
      md.append("\n### Ramp: where each cell stopped\n\nRate steps up until the recent window's p95 or error share"
          + " passes its limit (catalog `load.gatling`); *completed* means every step held.\n\n");
      md.append("| cell | outcome | arrivals /s at the end | s since start | window at the end |\n|---|---|---:|---:|---|\n");
      md.append(rows);
    }
  }

  private static void appendSpikes(StringBuilder md, List<CellGatling> cells) {
    StringBuilder rows = new StringBuilder();
    for (CellGatling load : cells) {
      for (GatlingRun run : load.runs()) {
        for (RequestStats phase : run.requests()) {
          if (phase.name().startsWith(SPIKE_ENDPOINT)) {
            rows.append(String.format(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f | %.0f | %.0f |%n", load.cellId(),
                phase.name(), phase.count(), phase.p50Millis(), phase.p95Millis(), phase.p99Millis(), phase.maxMillis()));
          }
        }
      }
    }
    if (!rows.isEmpty()) {
      md.append("\n### Spike: `GET /hello` before, during and after each burst\n\n");
      md.append("| cell | phase | requests | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---:|---:|---:|---:|---:|\n");
      md.append(rows);
    }
  }
}
