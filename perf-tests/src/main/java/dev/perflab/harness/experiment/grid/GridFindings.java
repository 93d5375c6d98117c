package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.experiment.grid.GridPoints.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * The findings a limits grid can state against its study, each agree, disagree or inconclusive by
 * {@link VerdictRule} with the figure it rests on. The thresholds are fixed here, before any run, and never
 * tuned to a result.
 */
public final class GridFindings {

  public static final String CPU_KNEE = "latency-flattens-beyond-cpu-knee";
  public static final String HIGH_RELATIVE_CPU = "high-latency-at-high-relative-cpu";
  public static final String MEMORY_UNTIL_OOM = "memory-does-not-move-latency-until-oom";
  /** Every finding this kind states, by its id in the experiment file. */
  public static final List<String> IDS = List.of(CPU_KNEE, HIGH_RELATIVE_CPU, MEMORY_UNTIL_OOM);

  /** The study's alert level: seconds at or above this relative CPU are "high". */
  static final double HIGH_RELATIVE_CPU_RATIO = 0.8;
  /** "Concentrate": at least this share of the slow seconds at high relative CPU. */
  static final double CONCENTRATED_SHARE = 0.6;
  /** The share's interval (Wilson's score interval over the slow seconds). */
  static final double CONFIDENCE = 0.95;
  /** Fewer seconds of all below the alert level than this leave nothing to contrast the slow ones with. */
  static final int MIN_SECONDS_BELOW = 5;
  /** Memory "does not move latency" while p95's spread over the memory limits stays within this of its lowest. */
  static final double FLAT_SPREAD = 0.25;

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
   * Per app and mode, p95 at the target step must fall from the smallest CPU limit and flatten beyond a knee
   * inside the grid ({@link GridAnalyses#knee}: its 10 % rule, its floor and its repetitions' spread are what
   * "flat" means). Every curve must hold. A curve still falling at the grid's largest limit cannot show where it
   * flattens: inconclusive while that limit is below the study's knee (the grid cannot reach it; on this machine
   * the CPU axis ends at the measured CPUs), a disagreement once the grid reaches past it. A curve flat from the
   * smallest limit shows no fall: it may lie below the grid. Fewer than 3 CPU limits cannot show both.
   */
  private static FindingResult cpuKnee(FindingClaim claim, GridReport report) {
    List<Judgement> parts = new ArrayList<>();
    List<String> figures = new ArrayList<>();
    GridAnalysis settings = report.settings();
    for (CpuCurve curve : report.curves()) {
      Judgement part = curveKnee(curve, settings);
      parts.add(part);
      figures.add(curve.appMode() + ": " + curveFigure(curve, settings) + " (" + verdictWord(part) + ": "
          + part.why() + ")");
    }
    FindingVerdict verdict = VerdictRule.everyOf(parts);
    String study = settings.studyKneeCpus() == null ? "" : "; the study's knee: about "
        + settings.studyKneeCpus().cited() + " CPUs";
    return FindingResult.of(claim, new Judgement(verdict, parts.isEmpty() ? "no curve was measured"
        : "every curve must fall to a knee inside the grid: " + count(parts, FindingVerdict.AGREE) + " of "
            + parts.size() + " do, " + count(parts, FindingVerdict.DISAGREE) + " contradict it"),
        "p95 at " + settings.targetLabel() + " against the CPU limit, at the largest memory limit: "
            + String.join("; ", figures) + study);
  }

  static Judgement curveKnee(CpuCurve curve, GridAnalysis settings) {
    if (curve.points().size() < 3) {
      return Judgement.inconclusive(curve.points().size() + " CPU limit(s): a fall and a flattening need 3");
    }
    double largest = curve.points().getLast().cpuLimitCores();
    if (curve.kneeCpuLimitCores() == null) {
      if (settings.studyKneeCpus() == null) {
        return Judgement.inconclusive("still falling at " + largest + " CPU, and the file gives no study knee to"
            + " tell whether the grid reaches where it flattens");
      }
      double study = settings.studyKneeCpus().value();
      return largest < study
          ? Judgement.inconclusive("still falling at " + largest + " CPU, the grid's largest limit, below the study's"
              + " knee at about " + study + " CPUs: the grid cannot reach where the claim lives")
          : new Judgement(FindingVerdict.DISAGREE, "still falling at " + largest + " CPU, past the study's knee at"
              + " about " + study + " CPUs");
    }
    if (curve.kneeCpuLimitCores() == curve.points().getFirst().cpuLimitCores()) {
      return Judgement.inconclusive("flat from the grid's smallest limit: a fall, if any, lies below it");
    }
    return new Judgement(FindingVerdict.AGREE, "falls to a knee at " + curve.kneeCpuLimitCores()
        + " CPU, flat beyond it");
  }

  private static String curveFigure(CpuCurve curve, GridAnalysis settings) {
    if (curve.points().isEmpty()) {
      return "no point";
    }
    CpuCurve.Point first = curve.points().getFirst();
    CpuCurve.Point last = curve.points().getLast();
    return "p95 " + p95(first) + " at " + first.cpuLimitCores() + " CPU, " + p95(last) + " at "
        + last.cpuLimitCores() + " CPU" + (curve.kneeCpuLimitCores() == null ? ", no knee on the grid"
        : ", knee " + curve.kneeCpuLimitCores() + " CPU");
  }

  private static String p95(CpuCurve.Point point) {
    return point.p95MedianMillis() == null ? "not reached" : fmt(point.p95MedianMillis()) + " ms";
  }

  /**
   * Of the measured seconds whose p95 is over the objective, the share at a relative CPU of 0.8 or more, with
   * Wilson's interval over those seconds (neighbouring seconds are not independent, so it is if anything too
   * narrow), against "at least 0.6"; fewer than 5 seconds of all below 0.8 (a closed load's) leave nothing to
   * contrast the slow ones with.
   */
  private static FindingResult highRelativeCpu(FindingClaim claim, GridReport report, List<GridSecond> seconds) {
    double slo = report.settings().sloP99Millis();
    List<GridSecond> slow = seconds.stream()
        .filter(second -> second.p95Millis() != null && second.relativeCpu() != null && second.p95Millis() > slo)
        .toList();
    long high = slow.stream().filter(second -> second.relativeCpu() >= HIGH_RELATIVE_CPU_RATIO).count();
    long below = seconds.stream()
        .filter(second -> second.relativeCpu() != null && second.relativeCpu() < HIGH_RELATIVE_CPU_RATIO).count();
    String bins = report.bins().stream().map(bin -> bin.label() + ": " + bin.seconds() + " s, median p95 "
        + (bin.p95MedianMillis() == null ? "–" : fmt(bin.p95MedianMillis()) + " ms")).collect(Collectors.joining(", "));
    Judgement judgement;
    String share;
    if (slow.isEmpty()) {
      judgement = Judgement.inconclusive("no measured second had p95 over " + fmt(slo) + " ms");
      share = "";
    } else {
      ConfidenceInterval interval = new WilsonScoreInterval().createInterval(slow.size(), (int) high, CONFIDENCE);
      double value = (double) high / slow.size();
      share = String.format(Locale.ROOT, " (%.0f %%, 95 %% %.0f–%.0f %%)", value * 100,
          interval.getLowerBound() * 100, interval.getUpperBound() * 100);
      judgement = below < MIN_SECONDS_BELOW
          ? Judgement.inconclusive(below + " second(s) of all ran below a relative CPU of 0.8: nothing to contrast the"
              + " slow ones with")
          : VerdictRule.judge(new Estimate(value, Math.min(value, interval.getLowerBound()),
              Math.max(value, interval.getUpperBound())), new Claim(CONCENTRATED_SHARE, 1,
              "at least " + Math.round(CONCENTRATED_SHARE * 100) + " % of them at high relative CPU"));
    }
    return FindingResult.of(claim, judgement, String.format(Locale.ROOT,
        "%d of %d measured seconds with p95 over %s ms%s ran at a relative CPU of 0.8 or more; all seconds: %s",
        high, slow.size(), fmt(slo), share, bins));
  }

  /**
   * At each app, mode and CPU limit, over the memory limits where no repetition died by the target step: how far
   * p95's medians spread (highest less lowest), against "within 25 % of the lowest, or the knee's floor, whichever
   * is larger", widened by the noise of its repetitions (the widest spread of one point's). Every group must hold.
   * With one repetition a point the noise is not measured, and it was as large as the spread itself on the runs
   * that measured it: those groups cannot tell. The deaths at the smallest limits are the study's other half:
   * memory near the limit predicts the OOM kill.
   */
  private static FindingResult memoryUntilOom(FindingClaim claim, GridReport report, GridPoints points) {
    double target = report.settings().target();
    double floor = report.settings().kneeFloorMillis();
    List<Judgement> parts = new ArrayList<>();
    DescriptiveStatistics spreads = new DescriptiveStatistics();
    int unrepeated = 0;
    for (String appMode : points.appModes()) {
      for (double cpus : points.cpus(appMode)) {
        DescriptiveStatistics medians = new DescriptiveStatistics();
        double noise = 0;
        boolean repeated = true;
        for (long memory : points.memories(appMode)) {
          List<Run> runs = points.runs(appMode, cpus, memory);
          if (runs.isEmpty() || runs.stream().anyMatch(run -> run.diedBy(target) || run.at(target).isEmpty())) {
            continue;
          }
          DescriptiveStatistics p95 = new DescriptiveStatistics();
          runs.forEach(run -> p95.addValue(run.at(target).orElseThrow().p95Millis()));
          medians.addValue(p95.getPercentile(50));
          noise = Math.max(noise, p95.getMax() - p95.getMin());
          repeated &= runs.size() >= 2;
        }
        if (medians.getN() < 2) {
          continue;
        }
        double spread = medians.getMax() - medians.getMin();
        spreads.addValue(spread / medians.getMin());
        Claim flat = new Claim(0, Math.max(FLAT_SPREAD * medians.getMin(), floor), "within "
            + Math.round(FLAT_SPREAD * 100) + " % of the lowest p95 or " + fmt(floor) + " ms");
        if (!repeated) {
          unrepeated++;
          parts.add(VerdictRule.judge(Estimate.unknown(spread), flat));
        } else {
          parts.add(VerdictRule.judge(new Estimate(spread, Math.max(0, spread - noise), spread + noise), flat));
        }
      }
    }
    String deaths = report.floors().stream().map(floorOf -> floorOf.app() + "/" + floorOf.mode() + " floor "
        + (floorOf.floorMebibytes() == null ? "none on the grid" : floorOf.floorMebibytes() + " MiB")
        + (floorOf.deathsBelow().isEmpty() ? "" : " (" + floorOf.deathsBelow() + ")")).collect(Collectors.joining("; "));
    if (parts.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("no CPU limit has two memory limits that both sustained"
          + " the target step"), deaths);
    }
    FindingVerdict verdict = VerdictRule.everyOf(parts);
    String why = unrepeated == parts.size()
        ? "one repetition a point: the noise between two launches is not measured, so the spread over the memory"
            + " limits cannot be told from it"
        : count(parts, FindingVerdict.AGREE) + " of " + parts.size() + " groups flat within their noise, "
            + count(parts, FindingVerdict.DISAGREE) + " moved beyond it" + (unrepeated == 0 ? ""
            : ", " + unrepeated + " with one repetition a point cannot tell");
    return FindingResult.of(claim, new Judgement(verdict, why), String.format(Locale.ROOT,
        "p95 at %s over the memory limits that survived it varies by a median of %.0f %% (%.0f–%.0f %%"
            + " over %d app, mode and CPU limit groups); %s", report.settings().targetLabel(),
        spreads.getPercentile(50) * 100, spreads.getMin() * 100, spreads.getMax() * 100, spreads.getN(), deaths));
  }

  private static long count(List<Judgement> parts, FindingVerdict verdict) {
    return parts.stream().filter(part -> part.verdict() == verdict).count();
  }

  private static String verdictWord(Judgement judgement) {
    return judgement.verdict().name().toLowerCase(Locale.ROOT);
  }

  private static String fmt(double value) {
    return value >= 100 ? String.valueOf(Math.round(value)) : String.format(Locale.ROOT, "%.2f", value);
  }
}
