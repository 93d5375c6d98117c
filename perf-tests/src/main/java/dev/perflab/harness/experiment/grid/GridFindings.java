package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.grid.GridPoints.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The findings a limits grid can state against its study, each agree, disagree or inconclusive with
 * the figure it rests on. The thresholds are fixed here, before any run, and never tuned to a result.
 */
public final class GridFindings {

  public static final String CPU_KNEE = "latency-flattens-beyond-cpu-knee";
  public static final String HIGH_RELATIVE_CPU = "high-latency-at-high-relative-cpu";
  public static final String MEMORY_UNTIL_OOM = "memory-does-not-move-latency-until-oom";
  /** Every finding this kind states, by its id in the experiment file. */
  public static final List<String> IDS = List.of(CPU_KNEE, HIGH_RELATIVE_CPU, MEMORY_UNTIL_OOM);

  /** The study's alert level: seconds at or above this relative CPU are "high". */
  static final double HIGH_RELATIVE_CPU_RATIO = 0.8;
  /** At least this share of the slow seconds at high relative CPU agrees; at most {@link #DISAGREE_SHARE} disagrees. */
  static final double AGREE_SHARE = 0.6;
  static final double DISAGREE_SHARE = 0.4;
  /** Fewer slow seconds than this say nothing either way. */
  static final int MIN_SLOW_SECONDS = 5;
  /** Memory "does not move latency" while p95's spread over the memory limits stays within this; above the next it does. */
  static final double FLAT_SPREAD = 0.25;
  static final double MOVED_SPREAD = 0.5;

  private GridFindings() {}

  static List<FindingResult> evaluate(List<FindingClaim> claims, GridReport report, GridPoints points,
      List<GridSecond> seconds) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      results.add(switch (claim.id()) {
        case CPU_KNEE -> cpuKnee(claim, report);
        case HIGH_RELATIVE_CPU -> highRelativeCpu(claim, report, seconds);
        case MEMORY_UNTIL_OOM -> memoryUntilOom(claim, report, points);
        default -> throw new IllegalArgumentException("no finding '" + claim.id() + "'; the grid states " + IDS);
      });
    }
    return results;
  }

  /**
   * Per app and mode, p95 at the target step must fall from the smallest CPU limit to the knee, and the
   * knee must lie inside the grid (below its largest limit), where the curve flattens. The verdict is
   * the majority's; fewer than 3 CPU limits cannot show a fall and a flattening.
   */
  private static FindingResult cpuKnee(FindingClaim claim, GridReport report) {
    int agree = 0;
    int disagree = 0;
    List<String> figures = new ArrayList<>();
    for (CpuCurve curve : report.curves()) {
      if (curve.points().size() < 3) {
        figures.add(curve.appMode() + ": " + curve.points().size() + " CPU limit(s), too few");
        continue;
      }
      CpuCurve.Point first = curve.points().getFirst();
      double largest = curve.points().getLast().cpuLimitCores();
      if (curve.kneeCpuLimitCores() == null) {
        disagree++;
        figures.add(curve.appMode() + ": p95 still improves by more than "
            + fmt(report.settings().kneeImprovementPercent()) + " % and " + fmt(report.settings().kneeFloorMillis())
            + " ms at " + largest + " CPU, no knee on the grid");
        continue;
      }
      CpuCurve.Point knee = curve.points().stream()
          .filter(point -> point.cpuLimitCores() == curve.kneeCpuLimitCores()).findFirst().orElseThrow();
      boolean fell = first.p95MedianMillis() == null || !GridAnalyses.flat(first, knee, report.settings());
      if (fell) {
        agree++;
      } else {
        disagree++;
      }
      figures.add(curve.appMode() + ": knee " + knee.cpuLimitCores() + " CPU, p95 "
          + (first.p95MedianMillis() == null ? "not reached" : fmt(first.p95MedianMillis()) + " ms") + " at "
          + first.cpuLimitCores() + " CPU, " + fmt(knee.p95MedianMillis()) + " ms at the knee"
          + (fell ? "" : ", no fall"));
    }
    FindingVerdict verdict = agree + disagree == 0 ? FindingVerdict.INCONCLUSIVE
        : agree * 2 > agree + disagree ? FindingVerdict.AGREE
        : disagree * 2 > agree + disagree ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new FindingResult(claim.id(), claim.claim(), verdict,
        "p95 at " + report.settings().targetLabel() + " against the CPU limit, at the"
            + " largest memory limit: " + String.join("; ", figures));
  }

  /**
   * Of the measured seconds whose p95 is over the objective, the share at a relative CPU of 0.8 or
   * more: agree from 0.6, disagree up to 0.4; fewer than 5 such seconds are inconclusive, and so are
   * fewer than 5 seconds of all below 0.8 (a closed load's): high latencies cannot be said to concentrate
   * where every second is.
   */
  private static FindingResult highRelativeCpu(FindingClaim claim, GridReport report, List<GridSecond> seconds) {
    double slo = report.settings().sloP99Millis();
    List<GridSecond> slow = seconds.stream()
        .filter(second -> second.p95Millis() != null && second.relativeCpu() != null && second.p95Millis() > slo)
        .toList();
    long high = slow.stream().filter(second -> second.relativeCpu() >= HIGH_RELATIVE_CPU_RATIO).count();
    double share = slow.isEmpty() ? 0 : (double) high / slow.size();
    long below = seconds.stream()
        .filter(second -> second.relativeCpu() != null && second.relativeCpu() < HIGH_RELATIVE_CPU_RATIO).count();
    // Concentrated where, against what? Under a closed load every second runs near the limit.
    FindingVerdict verdict = slow.size() < MIN_SLOW_SECONDS || below < MIN_SLOW_SECONDS ? FindingVerdict.INCONCLUSIVE
        : share >= AGREE_SHARE ? FindingVerdict.AGREE
        : share <= DISAGREE_SHARE ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new FindingResult(claim.id(), claim.claim(), verdict, String.format(Locale.ROOT,
        "%d of %d measured seconds with p95 over %s ms (%.0f %%) ran at a relative CPU of 0.8 or more%s;"
            + " all seconds: %s", high, slow.size(), fmt(slo), share * 100, below >= MIN_SLOW_SECONDS ? ""
            : ", and " + below + " second(s) of all ran below it: nothing to contrast them with",
        report.bins().stream().map(bin -> bin.label() + ": " + bin.seconds() + " s, median p95 "
            + (bin.p95MedianMillis() == null ? "–" : fmt(bin.p95MedianMillis()) + " ms")).collect(Collectors.joining(", "))));
  }

  /**
   * At each app, mode and CPU limit, over the memory limits where no repetition died by the target
   * step, the spread of median p95 ((max - min) / min). The median spread up to 0.25 agrees, above 0.5
   * disagrees; without two such memory limits anywhere it is inconclusive. The deaths at the smallest
   * limits are the study's other half: memory near the limit predicts the OOM kill.
   */
  private static FindingResult memoryUntilOom(FindingClaim claim, GridReport report, GridPoints points) {
    double target = report.settings().target();
    DescriptiveStatistics spreads = new DescriptiveStatistics();
    for (String appMode : points.appModes()) {
      for (double cpus : points.cpus(appMode)) {
        DescriptiveStatistics p95ByMemory = new DescriptiveStatistics();
        for (long memory : points.memories(appMode)) {
          List<Run> runs = points.runs(appMode, cpus, memory);
          if (runs.isEmpty() || runs.stream().anyMatch(run -> run.diedBy(target) || run.at(target).isEmpty())) {
            continue;
          }
          DescriptiveStatistics p95 = new DescriptiveStatistics();
          runs.forEach(run -> p95.addValue(run.at(target).orElseThrow().p95Millis()));
          p95ByMemory.addValue(p95.getPercentile(50));
        }
        if (p95ByMemory.getN() >= 2) {
          spreads.addValue((p95ByMemory.getMax() - p95ByMemory.getMin()) / p95ByMemory.getMin());
        }
      }
    }
    String deaths = report.floors().stream().map(floor -> floor.app() + "/" + floor.mode() + " floor "
        + (floor.floorMebibytes() == null ? "none on the grid" : floor.floorMebibytes() + " MiB")
        + (floor.deathsBelow().isEmpty() ? "" : " (" + floor.deathsBelow() + ")")).collect(Collectors.joining("; "));
    if (spreads.getN() == 0) {
      return new FindingResult(claim.id(), claim.claim(), FindingVerdict.INCONCLUSIVE,
          "no CPU limit has two memory limits that both sustained the target step; " + deaths);
    }
    double median = spreads.getPercentile(50);
    FindingVerdict verdict = median <= FLAT_SPREAD ? FindingVerdict.AGREE
        : median > MOVED_SPREAD ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new FindingResult(claim.id(), claim.claim(), verdict, String.format(Locale.ROOT,
        "p95 at %s over the memory limits that survived it varies by a median of %.0f %% (%.0f–%.0f %%"
            + " over %d app, mode and CPU limit groups); %s", report.settings().targetLabel(), median * 100, spreads.getMin() * 100,
        spreads.getMax() * 100, spreads.getN(), deaths));
  }

  private static String fmt(double value) {
    return value >= 100 ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.2f", value);
  }
}
