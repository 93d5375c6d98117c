package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.KindReports;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A limits grid's summary.md: the study's findings first, then the recommended limits and their costs, the knees,
 * the memory floors, the catalog's profiles against the grid, latency by relative CPU, and every
 * point; the environment and the command to run it again last.
 */
final class GridSummary {

  private GridSummary() {}

  /**
   * @param heading the experiment's title and scale
   * @param study what it re-runs, in a sentence
   * @param environment the environment line of the run, as {@code RunSummary.environmentLine} writes it ("Environment: …")
   */
  static String render(String heading, String study, GridReport report, CostReport cost, List<GridRow> rows,
      String environment, String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    String target = report.settings().targetLabel();
    md.append(String.format(Locale.ROOT, "%n## Recommended limits%n%nThe smallest CPU limit, then memory limit, whose"
        + " point meets p99 ≤ %s ms at %s with %s (medians over"
        + " repetitions).%n%n| app/mode | CPU | memory MiB | p99 ms | relative CPU | relative memory | |%n"
        + "|---|---:|---:|---:|---:|---:|---|%n", num(report.settings().sloP99Millis()), target,
        report.settings().maxRelativeCpu() == null
            ? "relative memory ≤ " + num(report.settings().maxRelativeMemory()) + "; relative CPU not judged"
            : "mean relative CPU ≤ " + num(report.settings().maxRelativeCpu()) + " and relative memory ≤ "
                + num(report.settings().maxRelativeMemory())));
    for (RecommendedLimits limits : report.recommended()) {
      md.append("| ").append(limits.app()).append('/').append(limits.mode()).append(" | ")
          .append(limits.found() ? num(limits.cpuLimitCores()) : "–").append(" | ")
          .append(limits.found() ? String.valueOf(limits.memoryLimitMebibytes()) : "–").append(" | ")
          .append(num(limits.p99Millis())).append(" | ").append(num(limits.relativeCpuMean())).append(" | ")
          .append(num(limits.relativeMemoryMax())).append(" | ").append(KindReports.cell(limits.note())).append(" |\n");
    }
    cost(md, cost, report.settings().sloP99Millis());
    md.append(String.format(Locale.ROOT, "%n## p95 against the CPU limit, and the knee%n%nAt %s and the"
        + " largest memory limit; median over repetitions (min–max); \"–\" where no repetition ran that step to its end."
        + " The knee: the smallest CPU limit beyond which p95 improves by less than %s %% or %s ms a step (or less than"
        + " its repetitions' spread).%n%n", target, num(report.settings().kneeImprovementPercent()),
        num(report.settings().kneeFloorMillis())));
    for (CpuCurve curve : report.curves()) {
      md.append("- **").append(curve.appMode()).append("** (").append(curve.memoryLimitMebibytes()).append(" MiB): ");
      md.append(String.join(", ", curve.points().stream().map(point -> point.cpuLimitCores() + " CPU "
          + (point.p95MedianMillis() == null ? "–" : num(point.p95MedianMillis()) + " ms ("
          + num(point.p95MinMillis()) + "–" + num(point.p95MaxMillis()) + ")")).toList()));
      md.append("; knee ").append(curve.kneeCpuLimitCores() == null ? "beyond the grid" : curve.kneeCpuLimitCores() + " CPU")
          .append('\n');
    }
    md.append("\n## Memory floor\n\nThe smallest memory limit at which no point died by the target step.\n\n"
        + "| app/mode | floor MiB | deaths below it |\n|---|---:|---|\n");
    for (MemoryFloor floor : report.floors()) {
      md.append("| ").append(floor.app()).append('/').append(floor.mode()).append(" | ")
          .append(floor.floorMebibytes() == null ? "none on the grid" : floor.floorMebibytes()).append(" | ")
          .append(floor.deathsBelow().isEmpty() ? "none" : KindReports.cell(floor.deathsBelow())).append(" |\n");
    }
    profiles(md, report);
    md.append("\n## Latency by relative CPU\n\nEvery measured second of every step: its p95 by the container's"
        + " relative CPU (usage over limit) in that second.\n\n"
        + "| relative CPU | seconds | median p95 ms | p90 of p95 ms | max p95 ms |\n|---|---:|---:|---:|---:|\n");
    for (RelativeCpuBin bin : report.bins()) {
      md.append("| ").append(bin.label()).append(" | ").append(bin.seconds()).append(" | ").append(num(bin.p95MedianMillis()))
          .append(" | ").append(num(bin.p95P90Millis())).append(" | ").append(num(bin.p95MaxMillis())).append(" |\n");
    }
    points(md, rows, report.settings().targetConcurrency() != null);
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  /** The costs at the recommended and the cheapest point of each app and mode. */
  private static void cost(StringBuilder md, CostReport cost, double sloP99Millis) {
    CostModel model = cost.model();
    md.append(String.format(Locale.ROOT, "%n## Cost%n%nBilled on limits: $%s per CPU-hour and $%s per GiB-hour."
        + " Sustained: the highest step's achieved rate with p99 ≤ %s ms and at most %s %% errors (median over"
        + " repetitions); a million requests cost an instance's hour over the requests it serves in an hour at that rate."
        + " Sized for %s requests/s on nodes of %s CPU and %d MiB, %s of each for instances. The recommended limits keep"
        + " the alert levels' margins; the cheapest point on the grid does not have to.%n%n"
        + "| app/mode | point | CPU | memory MiB | sustained /s | $ an hour | $ per million | per node | instances"
        + " | nodes | $ an hour for the load | |%n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|%n",
        plain(model.vcpuHourUsd()), plain(model.memoryGibHourUsd()), num(sloP99Millis), plain(model.maxErrorRatio() * 100),
        plain(model.loadRatePerSecond()), plain(model.nodeCpus()), model.nodeMemoryMebibytes(), plain(model.nodeHeadroom())));
    for (LimitsCost row : cost.costs()) {
      md.append("| ").append(row.app()).append('/').append(row.mode()).append(" | ")
          .append(row.basis().name().toLowerCase(Locale.ROOT)).append(" | ")
          .append(row.found() ? num(row.cpuLimitCores()) : "–").append(" | ")
          .append(row.found() ? String.valueOf(row.memoryLimitMebibytes()) : "–").append(" | ")
          .append(row.found() ? String.valueOf(Math.round(row.sustainedRatePerSecond())) : "–").append(" | ")
          .append(usd(row.usdPerHour())).append(" | ").append(usd(row.usdPerMillionRequests())).append(" | ")
          .append(count(row.instancesPerNode())).append(" | ").append(count(row.instancesForLoad())).append(" | ")
          .append(count(row.nodesForLoad())).append(" | ").append(usd(row.usdPerHourForLoad())).append(" | ")
          .append(KindReports.cell(row.note())).append(" |\n");
    }
  }

  /** Dollars to four decimals under $10 (an instance-hour is cents), to two above. */
  static String usd(Double value) {
    return value == null ? "–" : String.format(Locale.ROOT, value < 10 ? "%.4f" : "%.2f", value);
  }

  static String count(Integer value) {
    return value == null ? "–" : String.valueOf(value);
  }

  /** A setting as it was written: 0.04656, 10000, 0.8. */
  private static String plain(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** The catalog's profiles read against an open grid; a closed grid has no rates to read them at. */
  private static void profiles(StringBuilder md, GridReport report) {
    md.append("\n## The catalog's profiles at each app's load\n\n");
    if (report.settings().targetConcurrency() != null) {
      md.append("Not read: the catalog drives each app at a rate, and a closed staircase has no rates.\n");
      return;
    }
    md.append("Each profile an app is measured under, read at the app's fixed rate in the catalog, or at the target"
        + " rate where the catalog finds that rate from the capacity.\n\n| profile | app/mode | rate /s | verdict |\n"
        + "|---|---|---:|---|\n");
    for (ProfileCheck check : report.profiles()) {
      md.append("| ").append(check.profile()).append(" | ").append(check.app()).append('/').append(check.mode())
          .append(" | ").append(Math.round(check.ratePerSecond())).append(" | ")
          .append(!check.onGrid() ? "not on the grid (no point at its limits, or no step at that rate)"
              : check.flagged() ? "**misconfigured**: " + KindReports.cell(String.join("; ", check.problems())) : "fits")
          .append(" |\n");
    }
  }

  /** One line per point and repetition: how it started and how far its staircase went. */
  private static void points(StringBuilder md, List<GridRow> rows, boolean closed) {
    md.append("\n## Points\n\n| point | rep | first OK ms | heap MiB (GC, CPUs) | steps | highest "
        + (closed ? "concurrency run to its end" : "rate run to its end /s") + " | ended |\n|---|---:|---:|---|---:|---:|---|\n");
    Map<String, List<GridRow>> byPoint = new LinkedHashMap<>();
    rows.forEach(row -> byPoint.computeIfAbsent(row.pointId() + "#" + row.repetition(), k -> new java.util.ArrayList<>())
        .add(row));
    for (List<GridRow> point : byPoint.values()) {
      GridRow first = point.getFirst();
      GridRow last = point.getLast();
      Double highest = point.stream().filter(GridRow::measured).map(GridRow::stepLevel)
          .max(Double::compare).orElse(null);
      md.append("| ").append(first.pointId()).append(" | ").append(first.repetition() + 1).append(" | ")
          .append(first.timeToFirstOkMillis() == null ? "–" : String.valueOf(Math.round(first.timeToFirstOkMillis())))
          .append(" | ").append(first.jvmMaxHeapBytes() == null ? "–" : (first.jvmMaxHeapBytes() >> 20) + " ("
              + first.jvmGc() + ", " + first.jvmActiveProcessors() + ")")
          .append(" | ").append(point.stream().filter(GridRow::measured).count()).append(" | ")
          .append(highest == null ? "–" : String.valueOf(Math.round(highest))).append(" | ")
          .append(last.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '))
          .append(last.failure() == null ? "" : ": " + KindReports.cell(headline(last.failure()))).append(" |\n");
    }
  }

  private static String headline(String failure) {
    int newline = failure.indexOf('\n');
    return newline < 0 ? failure : failure.substring(0, newline);
  }


  private static String num(Double value) {
    if (value == null) {
      return "–";
    }
    return value >= 100 ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.2f", value);
  }
}
