package dev.perflab.harness.report;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.run.Metric;
import dev.perflab.harness.stats.Distribution;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders a perf report as Markdown: one table first, then failures, then the environment. */
public final class SummaryTable {

  private static final double MB = 1_000_000;

  private SummaryTable() {}

  public static String render(PerfReport report) {
    StringBuilder md = new StringBuilder();
    md.append("# perflab startup summary\n\n");
    md.append(String.format(Locale.ROOT,
        "Medians over %d measured launch(es) per cell, a fresh container each, after %d discarded warm-up"
            + " launch(es); spread as min–max and coefficient of variation (CV). MB = 10^6 bytes.%n%n",
        report.measuredLaunches(), report.discardedLaunches()));
    md.append("| cell | first OK ms (min–max) | p90 | CV | StartedAt→OK ms | framework ms | CPU s to ready"
        + " | RSS MB first OK | RSS MB warm | cgroup MB warm | image MB (layers) | verdict |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (CellReport cell : report.cells()) {
      md.append(row(cell)).append('\n');
    }
    appendProblems(md, report);
    appendEnvironment(md, report.environment());
    return md.toString();
  }

  private static String row(CellReport cell) {
    Map<String, Distribution> s = cell.statistics();
    String image = cell.image() == null ? "–"
        : String.format(Locale.ROOT, "%.0f (%d)", cell.image().sizeBytes() / MB, cell.image().layerCount());
    if (s.isEmpty()) {
      return "| " + cell.cellId() + " | – | – | – | – | – | – | – | – | – | " + image + " | " + verdict(cell) + " |";
    }
    Distribution firstOk = s.get(Metric.TIME_TO_FIRST_OK_MILLIS.key());
    return String.format(Locale.ROOT, "| %s | %.0f (%.0f–%.0f) | %.0f | %.1f %% | %.0f | %.0f | %.2f | %.0f | %.0f | %.0f | %s | %s |",
        cell.cellId(),
        firstOk.median(), firstOk.min(), firstOk.max(), firstOk.p90(),
        firstOk.coefficientOfVariation() * 100,
        median(s, Metric.STARTED_AT_TO_FIRST_OK_MILLIS),
        median(s, Metric.FRAMEWORK_REPORTED_STARTUP_MILLIS),
        median(s, Metric.CPU_SECONDS_UNTIL_READY),
        median(s, Metric.RSS_BYTES_AT_FIRST_OK) / MB,
        median(s, Metric.RSS_BYTES_AFTER_WARMUP) / MB,
        median(s, Metric.CGROUP_MEMORY_BYTES_AFTER_WARMUP) / MB,
        image,
        verdict(cell));
  }

  private static double median(Map<String, Distribution> statistics, Metric metric) {
    return statistics.get(metric.key()).median();
  }

  private static String verdict(CellReport cell) {
    if (cell.failure() != null) {
      return "**FAILED** (see below)";
    }
    if (!cell.breaches().isEmpty()) {
      return "**OVER BUDGET**: " + cell.breaches().stream().map(Breach::metric).collect(Collectors.joining(", "));
    }
    return cell.budget() == null ? "measured" : "within budget";
  }

  private static void appendProblems(StringBuilder md, PerfReport report) {
    for (CellReport cell : report.cells()) {
      if (cell.failure() != null) {
        md.append("\n```\n").append(cell.failure().describe()).append("\n```\n");
      }
      cell.breaches().forEach(breach -> md.append("\n- ").append(breach.message()));
    }
  }

  private static void appendEnvironment(StringBuilder md, EnvironmentRecord env) {
    md.append(String.format(Locale.ROOT,
        "%n%nEnvironment: %s; %s, %d host CPUs, %.0f GB; Docker %s (API %s, cgroup v%s, %s driver);"
            + " image JDK %s; %s; profiles %s, measured on CPU %s, harness on CPU %s; JVM flags `%s`; commit %s%s.%n",
        env.kernel(), env.cpuModel(), env.hostCpuCount(), env.hostMemoryBytes() / 1e9,
        env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver(),
        env.imageJdkVersion(),
        env.frameworkVersions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")),
        env.profiles().stream().map(p -> String.format(Locale.ROOT, "%s = %.2g CPU / %d MiB", p.name(), p.cpus(), p.memoryMebibytes()))
            .collect(Collectors.joining(", ")),
        env.measuredCpuset(), env.harnessCpuset(), String.join(" ", env.jvmFlags()),
        env.gitCommit().length() > 12 ? env.gitCommit().substring(0, 12) : env.gitCommit(),
        env.gitDirty() ? " (with uncommitted changes)" : ""));
  }
}
