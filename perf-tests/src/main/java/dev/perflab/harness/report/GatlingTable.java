package dev.perflab.harness.report;

import dev.perflab.gatling.RampOutcome;
import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.load.CellLoad;
import dev.perflab.harness.load.GatlingRun;
import java.util.Locale;

/**
 * The summary's Gatling section: each simulation against each load cell over all its requests,
 * where each Ramp stopped and why, and Spike's {@code hello} latency per phase (before, during
 * and after each burst). Gatling's own HTML report is linked from every row.
 */
final class GatlingTable {

  /** The endpoint whose per-phase lines the Spike table shows: the mix's most frequent. */
  private static final String SPIKE_ENDPOINT = "hello [";

  private GatlingTable() {}

  static void append(StringBuilder md, PerfReport report) {
    if (report.loads().stream().allMatch(load -> load.gatling().isEmpty() && load.gatlingSkipped() == null)) {
      return;
    }
    md.append("\n## Gatling\n\nEach simulation over the weighted contract mix, bodies checked, against the same"
        + " container as the load table, from the harness CPU. Times in ms over all requests (Gatling rounds to"
        + " whole ms); KO = failed status or body check. *generator cores*: the Gatling JVM's CPU over its wall"
        + " time, start-up included; above " + GatlingRun.GENERATOR_LIMIT_CORES + " the run may measure Gatling."
        + " Assertions come from budgets.yaml.\n\n");
    md.append("| cell | simulation | requests | KO % | mean | p50 | p95 | p99 | max | generator cores | verdict | report |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (CellLoad load : report.loads()) {
      for (GatlingRun run : load.gatling()) {
        md.append(row(load.cellId(), run)).append('\n');
      }
      if (load.gatlingSkipped() != null) {
        md.append("| ").append(load.cellId()).append(" | – | – | – | – | – | – | – | – | – | skipped: ")
            .append(load.gatlingSkipped()).append(" | |\n");
      }
    }
    appendRamps(md, report);
    appendSpikes(md, report);
  }

  private static String row(String cellId, GatlingRun run) {
    if (run.global() == null) {
      return String.format(Locale.ROOT, "| %s | %s | – | – | – | – | – | – | – | %.2f | **FAILED**: %s | [log](%s) |",
          cellId, label(run), run.generatorCores(), run.failure().lines().findFirst().orElse(""), run.report());
    }
    RequestStats all = run.global();
    return String.format(Locale.ROOT, "| %s | %s | %d | %.2f | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %s | [html](%s) |",
        cellId, label(run), all.count(), all.errorPercent(), all.meanMillis(), all.p50Millis(), all.p95Millis(),
        all.p99Millis(), all.maxMillis(), run.generatorCores(), verdict(run), run.report());
  }

  private static String label(GatlingRun run) {
    return run.name().equals(run.simulation()) ? run.name() : run.name() + " (" + run.simulation() + ")";
  }

  static String verdict(GatlingRun run) {
    if (run.failure() != null) {
      return "**FAILED**";
    }
    String verdict = run.assertions().isEmpty() ? "no assertions"
        : run.assertionsPassed() ? "within budget" : "**OVER BUDGET**";
    return run.generatorLimited() ? verdict + ", **generator-limited: invalid**" : verdict;
  }

  private static void appendRamps(StringBuilder md, PerfReport report) {
    StringBuilder rows = new StringBuilder();
    for (CellLoad load : report.loads()) {
      for (GatlingRun run : load.gatling()) {
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

  private static void appendSpikes(StringBuilder md, PerfReport report) {
    StringBuilder rows = new StringBuilder();
    for (CellLoad load : report.loads()) {
      for (GatlingRun run : load.gatling()) {
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
