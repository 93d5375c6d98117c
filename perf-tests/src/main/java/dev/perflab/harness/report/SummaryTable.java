package dev.perflab.harness.report;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.build.BuildCost;
import dev.perflab.harness.load.CellLoad;
import dev.perflab.harness.load.GatlingRun;
import dev.perflab.harness.measure.AotTraining;
import dev.perflab.harness.measure.LaunchSample;
import dev.perflab.harness.run.Metric;
import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.List;
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
    appendVerdicts(md, report);
    md.append("| cell | first OK ms (min–max) | p90 | CV | StartedAt→OK ms | framework ms | CPU s to ready"
        + " | RSS MB first OK | RSS MB warm | cgroup MB warm | image MB (layers) | verdict |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (CellReport cell : report.cells()) {
      md.append(row(cell)).append('\n');
    }
    appendAotCaches(md, report);
    appendBuildCosts(md, report);
    LoadTable.append(md, report);
    GatlingTable.append(md, report);
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
    Distribution reported = s.get(Metric.FRAMEWORK_REPORTED_STARTUP_MILLIS.key());
    return String.format(Locale.ROOT, "| %s | %.0f (%.0f–%.0f) | %.0f | %.1f %% | %.0f | %s | %.2f | %.0f | %.0f | %.0f | %s | %s |",
        cell.cellId(),
        firstOk.median(), firstOk.min(), firstOk.max(), firstOk.p90(),
        firstOk.coefficientOfVariation() * 100,
        median(s, Metric.STARTED_AT_TO_FIRST_OK_MILLIS),
        reported == null ? "–" : String.format(Locale.ROOT, "%.0f", reported.median()),
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
    if (cell.unavailable() != null) {
      return "unavailable: " + cell.unavailable();
    }
    if (cell.failure() != null) {
      return "**FAILED** (see below)";
    }
    if (!cell.breaches().isEmpty()) {
      return "**OVER BUDGET**: " + cell.breaches().stream().map(Breach::metric).collect(Collectors.joining(", "));
    }
    return cell.budget() == null ? "measured" : "within budget";
  }

  /** What failed or broke a budget, one line each, before any table: what a pull-request reader needs first. */
  private static void appendVerdicts(StringBuilder md, PerfReport report) {
    List<String> verdicts = new ArrayList<>();
    for (CellReport cell : report.cells()) {
      if (cell.failure() != null) {
        verdicts.add("**FAILED** " + cell.cellId() + ": " + cell.failure().reason());
      }
      cell.breaches().forEach(breach -> verdicts.add("**OVER BUDGET** " + breach.message()));
    }
    for (CellLoad load : report.loads()) {
      if (load.failure() != null) {
        verdicts.add("**FAILED** load " + load.cellId() + ": " + load.failure().lines().findFirst().orElse(""));
      }
      for (GatlingRun run : load.gatling()) {
        if (run.failure() != null) {
          verdicts.add("**FAILED** Gatling " + load.cellId() + " " + run.name() + ": " + run.failure());
        } else if (!run.assertionsPassed()) {
          verdicts.add("**OVER BUDGET** Gatling " + load.cellId() + " " + run.name() + ": " + run.assertions().stream()
              .filter(a -> !a.passed()).map(a -> a.description()).collect(Collectors.joining("; ")));
        }
      }
    }
    report.buildCosts().stream().filter(cost -> cost.failure() != null)
        .forEach(cost -> verdicts.add("**FAILED** build " + cost.app() + "/" + cost.mode()));
    long measured = report.cells().stream().filter(cell -> cell.unavailable() == null).count();
    long unavailable = report.cells().size() - measured;
    if (verdicts.isEmpty()) {
      md.append(String.format(Locale.ROOT, "**Every verdict passed**: %d cell(s) within their budgets%s%s.%n%n", measured,
          report.loads().isEmpty() ? "" : ", " + report.loads().size() + " load cell(s) driven validly"
              + (report.loads().stream().allMatch(load -> load.gatling().isEmpty()) ? ""
                  : ", every budgeted Gatling run within its budget"),
          unavailable == 0 ? "" : "; " + unavailable + " unavailable on this machine (neither passed nor failed)"));
      return;
    }
    md.append("**").append(verdicts.size()).append(" verdict(s) failed** (details under the tables):\n\n");
    verdicts.forEach(verdict -> md.append("- ").append(verdict).append('\n'));
    md.append('\n');
  }

  /** Proof per AOT cell that every measured launch mapped its cache, and how the cache was made. */
  private static void appendAotCaches(StringBuilder md, PerfReport report) {
    List<CellReport> aotCells = report.cells().stream().filter(cell -> cell.aotTraining() != null).toList();
    if (aotCells.isEmpty()) {
      return;
    }
    md.append("\n## AOT caches\n\nEvery launch of an AOT cell ran with -XX:AOTMode=on (a cache the JVM rejects stops"
        + " it) and had the cache file mapped at its first 200, read from /proc/<pid>/maps.\n\n");
    md.append("| cell | launches with cache mapped | MB mapped | cache MB | trained on | training s (CPU s)"
        + " | assembly s (CPU s) |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (CellReport cell : aotCells) {
      AotTraining t = cell.aotTraining();
      long mapped = cell.launches().stream().filter(l -> l.aotCacheMappedBytes() > 0).count();
      double mappedMb = cell.launches().stream().mapToLong(LaunchSample::aotCacheMappedBytes).max().orElse(0) / MB;
      md.append(String.format(Locale.ROOT, "| %s | %d of %d | %.0f | %.0f | %d requests | %.1f (%.1f) | %.1f (%.1f) |%n",
          cell.cellId(), mapped, cell.launches().size(), mappedMb, t.cacheBytes() / MB, t.requests(),
          t.trainingWallMillis() / 1e3, t.trainingCpuMillis() / 1e3, t.assemblyWallMillis() / 1e3,
          t.assemblyCpuMillis() / 1e3));
    }
  }

  private static void appendBuildCosts(StringBuilder md, PerfReport report) {
    if (report.buildCosts().isEmpty()) {
      return;
    }
    md.append("\n## Build cost\n\n`./mvnw package` of one app in one mode alone, offline, tests skipped, image"
        + " layers rebuilt (AOT: training included; its CPU is added from the image's training record)."
        + " Median (min–max) over the builds; reported, not budgeted.\n\n");
    md.append("| app | mode | builds | wall s (min–max) | CPU s (min–max) | artifact MB | image MB |\n"
        + "|---|---|---:|---:|---:|---:|---:|\n");
    for (BuildCost cost : report.buildCosts()) {
      if (!cost.measured()) {
        String why = cost.unavailable() != null ? "unavailable: " + cost.unavailable() : "**FAILED** (see below)";
        md.append("| ").append(cost.app()).append(" | ").append(cost.mode()).append(" | ").append(why)
            .append(" | | | | |\n");
        continue;
      }
      Distribution wall = cost.wall();
      Distribution cpu = cost.cpu();
      md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f (%.1f–%.1f) | %.1f (%.1f–%.1f) | %.0f | %.0f |%n",
          cost.app(), cost.mode(), cost.wallMillis().size(), wall.median() / 1e3, wall.min() / 1e3, wall.max() / 1e3,
          cpu.median() / 1e3, cpu.min() / 1e3, cpu.max() / 1e3, cost.artifactBytes() / MB, cost.imageBytes() / MB));
    }
  }

  private static void appendProblems(StringBuilder md, PerfReport report) {
    for (CellLoad load : report.loads()) {
      if (load.failure() != null) {
        md.append("\n```\nload ").append(load.cellId()).append(": ").append(load.failure()).append("\n```\n");
      }
      if (load.exitedUnderOverload() != null) {
        md.append("\n```\nload ").append(load.cellId()).append(": the container died during the capacity search, at ")
            .append(Math.round(load.capacity().upperBoundPerSecond())).append(" requests/s or after: ")
            .append(load.exitedUnderOverload()).append("\n```\n");
      }
    }
    for (BuildCost cost : report.buildCosts()) {
      if (cost.failure() != null) {
        md.append("\n```\nbuild ").append(cost.app()).append('/').append(cost.mode()).append(": ")
            .append(cost.failure()).append("\n```\n");
      }
    }
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
            + " image JDK %s; %s; profiles %s, measured on CPU %s, harness on CPU %s; JVM flags `%s`;"
            + " AOT caches trained under %.2g CPU / %d MiB; commit %s%s.%n",
        env.kernel(), env.cpuModel(), env.hostCpuCount(), env.hostMemoryBytes() / 1e9,
        env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver(),
        env.imageJdkVersion(),
        env.frameworkVersions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")),
        env.profiles().stream().map(p -> String.format(Locale.ROOT, "%s = %.2g CPU / %d MiB", p.name(), p.cpus(), p.memoryMebibytes()))
            .collect(Collectors.joining(", ")),
        env.measuredCpuset(), env.harnessCpuset(), String.join(" ", env.jvmFlags()),
        env.aotTrainingLimits().cpus(), env.aotTrainingLimits().memoryMebibytes(),
        env.gitCommit().length() > 12 ? env.gitCommit().substring(0, 12) : env.gitCommit(),
        env.gitDirty() ? " (with uncommitted changes)" : ""));
  }
}
