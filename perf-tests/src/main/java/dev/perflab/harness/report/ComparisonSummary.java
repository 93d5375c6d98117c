package dev.perflab.harness.report;

import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.PairedRun;
import dev.perflab.harness.result.Tally;
import dev.perflab.harness.stats.Comparison;
import dev.perflab.harness.stats.Percent;
import dev.perflab.harness.stats.SequentialPlan;
import dev.perflab.harness.stats.Verdict;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A comparison as Markdown to paste into a pull request: the verdicts first (regressions, then
 * improvements), then every cell and metric with both medians, the ratio and its interval, the
 * threshold and the minimum detectable effect, then what to weigh them by and where they were measured.
 */
public final class ComparisonSummary {

  private ComparisonSummary() {}

  public static String render(ComparisonReport report) {
    StringBuilder md = new StringBuilder();
    List<CellComparison> cells = report.runs().stream().flatMap(List::stream).toList();
    long regressions = count(cells, Verdict.REGRESSION);
    long improvements = count(cells, Verdict.IMPROVEMENT);
    long failures = cells.stream().filter(cell -> cell.outcome().failed()).count();
    md.append("## perflab ").append(title(report.mode())).append(": ").append(headline(report, regressions,
        improvements, failures)).append("\n\n");
    sides(md, report.runs().getLast());
    md.append(method(report)).append("\n\n");
    report.notes().forEach(note -> md.append("> ").append(note).append("\n>\n"));
    if (!report.notes().isEmpty()) {
      md.setLength(md.length() - 2);
      md.append("\n");
    }
    if (report.runs().size() > 1) {
      tallies(md, report);
    }
    List<CellComparison> lastRun = report.runs().getLast();
    if (report.mode() == CompareMode.AA) {
      calibration(md, lastRun);
    }
    verdicts(md, report.runs().size() > 1 ? "Last run's verdicts" : "Verdicts", lastRun);
    whatChanged(md, lastRun);
    StartupExplanationSection.render(md, lastRun);
    problems(md, cells);
    environment(md, report.environment());
    return md.toString();
  }

  /**
   * What A and B were, per cell, as the launches recorded them (image name, ID, count): a report names
   * what it measured, not what a setting asked for.
   */
  private static void sides(StringBuilder md, List<CellComparison> cells) {
    md.append("| cell | A ran | B ran | launches |\n|---|---|---|---|\n");
    for (CellComparison cell : cells) {
      md.append("| ").append(cell.cellId()).append(" | `").append(cell.baselineLaunched().describe()).append("` | `")
          .append(cell.candidateLaunched().describe()).append("` | ").append(launches(cell)).append(" |\n");
    }
    md.append("\n");
  }

  /** "24 pairs, decided (2.9 min)", or "unpaired" against a recorded run. */
  public static String launches(CellComparison cell) {
    PairedRun run = cell.pairedRun();
    if (run == null) {
      return cell.baselineLaunched().recorded() ? "unpaired: B against the recorded launches" : "–";
    }
    String why = switch (run.stop()) {
      case DECIDED -> "decided";
      case MOST_PAIRS -> "its most pairs";
      case OUT_OF_TIME -> "out of time";
      case FAILED -> "a launch failed";
    };
    return String.format(Locale.ROOT, "%d pairs, %s (%.1f min)", run.pairs(), why, run.minutes());
  }

  /** How the launches were run and judged, in a sentence or three. */
  public static String method(ComparisonReport report) {
    boolean recorded = report.runs().getLast().stream().anyMatch(cell -> cell.baselineLaunched().recorded());
    String runs = report.runs().size() > 1 ? " Each of the " + report.runs().size() + " runs is independent." : "";
    if (recorded) {
      return "Side B's launches against the recorded run's, by the ratio of medians with its rank-based interval"
          + " (about 95 %). A verdict needs the interval to exclude 1 and the ratio beyond half the threshold." + runs;
    }
    return "Launches in pairs, one of each side, the order within each pair drawn at random, looked at every "
        + SequentialPlan.LOOK_EVERY + " pairs. A cell stops once every metric is decided (a verdict, or a change of its"
        + " threshold ruled out), at the latest after " + report.mostPairsPerCell() + " pairs or "
        + report.minutesPerCell() + " min. A verdict needs the interval of B/A (signed-rank, at each look's confidence)"
        + " to exclude 1 and the ratio beyond half the threshold; a cell compared with itself says anything but no"
        + " change in at most 5 % of comparisons." + runs;
  }

  public static String title(CompareMode mode) {
    return switch (mode) {
      case AB -> "A/B comparison";
      case AA -> "A/A calibration";
      case UPGRADE -> "framework-upgrade check";
      case INJECTED_REGRESSION -> "injected-regression check";
    };
  }

  private static String headline(ComparisonReport report, long regressions, long improvements, long failures) {
    if (report.runs().size() > 1) {
      return report.runs().size() + " runs, verdicts counted below";
    }
    String text = regressions == 0 ? "no regression" : "**" + regressions + " REGRESSION" + (regressions > 1 ? "S" : "") + "**";
    if (improvements > 0) {
      text += ", " + improvements + " improvement" + (improvements > 1 ? "s" : "");
    }
    return failures > 0 ? text + ", **" + failures + " cell(s) FAILED**" : text;
  }

  private static void tallies(StringBuilder md, ComparisonReport report) {
    md.append("### Verdicts over ").append(report.runs().size()).append(" runs\n\n");
    md.append("| cell | metric | runs | regression | improvement | no change |\n|---|---|---:|---:|---:|---:|\n");
    for (Tally tally : report.tallies()) {
      md.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d | %d |%n", tally.cellId(), tally.metric().key(),
          tally.runs(), tally.regressions(), tally.improvements(), tally.noChanges()));
    }
    md.append("\n");
  }

  private static void calibration(StringBuilder md, List<CellComparison> cells) {
    md.append("### Noise and what it lets a comparison see\n\n");
    md.append("| cell | metric | noise CV of a launch | minimum detectable effect (launches) | threshold | launches per"
        + " side to detect it |\n|---|---|---:|---:|---:|---:|\n");
    for (CellComparison cell : cells) {
      for (Comparison c : cell.comparisons()) {
        if (c.isExact()) {
          continue;
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s (%s) | %s | %d |%n", cell.cellId(),
            c.metric().key(), Percent.of(c.minimumDetectableEffect().coefficientOfVariation()),
            Percent.of(c.minimumDetectableEffect().relativeChange()), launchCount(c), Percent.of(c.threshold()),
            c.recommendedRepetitionsPerSide()));
      }
    }
    md.append("\n");
  }

  private static void verdicts(StringBuilder md, String heading, List<CellComparison> cells) {
    md.append("### ").append(heading).append("\n\n");
    md.append("| verdict | cell | metric | A median | B median | B/A (interval, confidence) | threshold | minimum detectable effect |\n");
    md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
    record Row(CellComparison cell, Comparison comparison) {}
    List<Row> rows = cells.stream().flatMap(cell -> cell.comparisons().stream().map(c -> new Row(cell, c)))
        .sorted(Comparator.comparing((Row row) -> row.comparison().verdict())).toList();
    for (Row row : rows) {
      Comparison c = row.comparison();
      md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", verdict(c.verdict()),
          row.cell().cellId(), c.metric().key(), c.metric().format(c.baseline().median()),
          c.metric().format(c.candidate().median()), ratio(c), Percent.of(c.threshold()), detectable(c)));
    }
    cells.stream().filter(cell -> cell.outcome() instanceof Outcome.Unavailable).forEach(cell ->
        md.append("| unavailable | ").append(cell.cellId()).append(" | – | – | – | – | – | ")
            .append(((Outcome.Unavailable) cell.outcome()).reason())
            .append(" |\n"));
    md.append("\n");
  }

  /** Per cell, the JVM counters that moved: why a start got slower or faster, beside how much. */
  private static void whatChanged(StringBuilder md, List<CellComparison> cells) {
    List<CellComparison> counted = cells.stream()
        .filter(cell -> cell.baseline().containsKey(Metric.CLASSES_LOADED_AT_FIRST_OK.key())
            && cell.candidate().containsKey(Metric.CLASSES_LOADED_AT_FIRST_OK.key())).toList();
    if (counted.isEmpty()) {
      return;
    }
    md.append("### What changed in the JVM's work\n\nThe JVM's own counters at the first OK (its hsperfdata) whose B"
        + " differs from A beyond their noise: exactly, for a counter each side had the same on every launch; else"
        + " when the 95 % interval of B/A leaves out 1. They explain the verdicts above; a counter decides a verdict"
        + " only when perflab.compare.thresholds names it (then it is among them).\n\n");
    md.append("| cell | counter | A median | B median | change | B/A (interval) |\n|---|---|---:|---:|---:|---:|\n");
    for (CellComparison cell : counted) {
      List<WhatChanged.Change> changes = WhatChanged.of(cell);
      if (changes.isEmpty()) {
        md.append("| ").append(cell.cellId()).append(" | no counter moved beyond its noise | | | | |\n");
      }
      for (WhatChanged.Change change : changes) {
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", cell.cellId(),
            change.metric().label(), change.metric().format(change.baselineMedian()),
            change.metric().format(change.candidateMedian()), change.describe(), change.interval() == null
                ? "exact" : String.format(Locale.ROOT, "%.3f (%.3f–%.3f)", change.interval().ratio(),
                    change.interval().lower(), change.interval().upper())));
      }
    }
    md.append("\n");
  }

  private static void problems(StringBuilder md, List<CellComparison> cells) {
    List<CellComparison> failed = cells.stream().filter(cell -> cell.outcome().failed()).toList();
    if (failed.isEmpty()) {
      return;
    }
    md.append("### Failed cells\n\n");
    for (CellComparison cell : failed) {
      md.append("<details><summary>").append(cell.cellId()).append("</summary>\n\n```\n").append(((Outcome.Failed) cell.outcome()).describe())
          .append("\n```\n</details>\n\n");
    }
  }

  private static void environment(StringBuilder md, EnvironmentRecord env) {
    md.append("<details><summary>Environment (fingerprint ").append(env.fingerprint().id()).append(")</summary>\n\n");
    md.append("- apps on the ").append(env.engineDescription()).append("\n");
    md.append("- ").append(env.kernel()).append(", ").append(env.cpuModel()).append(", ").append(env.hostCpuCount())
        .append(" CPUs, ").append(env.hostMemoryBytes() / (1 << 20)).append(" MiB\n");
    md.append("- Docker ").append(env.dockerVersion()).append(", cgroup ").append(env.cgroupVersion()).append(" (")
        .append(env.cgroupDriver()).append(")\n");
    md.append("- JDK in the images ").append(env.imageJdkVersion()).append(", harness ").append(env.harnessJdkVersion())
        .append("\n");
    md.append("- frameworks: ").append(env.frameworkVersions().entrySet().stream()
        .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))).append("\n");
    md.append("- JVM flags `").append(String.join(" ", env.jvmFlags())).append("`, ").append(env.cpuPlacement())
        .append("\n");
    md.append("- commit ").append(env.gitCommit()).append(env.gitDirty() ? " (with uncommitted changes)" : "")
        .append("\n\n</details>\n");
  }

  private static long count(List<CellComparison> cells, Verdict verdict) {
    return cells.stream().flatMap(cell -> cell.comparisons().stream()).filter(c -> c.verdict() == verdict).count();
  }

  private static String verdict(Verdict verdict) {
    return switch (verdict) {
      case REGRESSION -> "**REGRESSION**";
      case IMPROVEMENT -> "improvement";
      case NO_CHANGE -> "no change";
    };
  }

  /** "1.102 (1.061–1.144, 96.8 %)", or "1.000 (exact)". */
  public static String ratio(Comparison c) {
    return c.isExact()
        ? String.format(Locale.ROOT, "%.3f (exact)", c.ratio().ratio())
        : String.format(Locale.ROOT, "%.3f (%.3f–%.3f, %s)", c.ratio().ratio(), c.ratio().lower(), c.ratio().upper(),
            Percent.of(c.ratio().confidence()));
  }

  private static String detectable(Comparison c) {
    if (c.isExact()) {
      return "exact";
    }
    String mde = Percent.of(c.minimumDetectableEffect().relativeChange());
    return c.minimumDetectableEffect().detects(c.threshold()) ? mde
        : mde + " (above the threshold: " + c.recommendedRepetitionsPerSide()
            + (c.estimate() == Comparison.Estimate.PAIRED ? " pairs" : " per side") + " would see it)";
  }

  /** "24 pairs" or "5 + 5". */
  private static String launchCount(Comparison c) {
    return c.estimate() == Comparison.Estimate.PAIRED ? c.baseline().n() + " pairs"
        : c.baseline().n() + " + " + c.candidate().n();
  }
}
