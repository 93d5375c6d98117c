package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.StudyFigure;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The findings a user-ramp experiment can state: the non-blocking variant against the blocking one, each
 * a ratio of their ramps' figures with its rank interval ({@link RatioInterval}, at least
 * {@value RatioInterval#MIN_SAMPLES} ramps a side), judged by {@link VerdictRule}: the study's "about x" holds
 * within a factor {@value #RATIO_TOLERANCE} of its figure, on the side of 1 the study's ratio is.
 *
 * <ul>
 *   <li>{@value #PEAK}: peak throughput (the highest {@code PEAK_SECONDS}-second mean of answers a second); its
 *       why also says what bound each side's peak ({@link PeakBound}): the thesis's ratio is one of CPU-bound
 *       apps, a pool-bound one's is the ratio of two pools
 *   <li>{@value #USERS_AT_FAILURE}: users when the ramp passed its p95 or error limit
 *   <li>{@value #CPU_AT_USERS}: CPU over the limit at the analysis' user count (the study's ratio is below 1)
 * </ul>
 */
final class UserRampFindings {

  static final String PEAK = "nonblocking-peak-throughput";
  static final String USERS_AT_FAILURE = "nonblocking-users-at-failure";
  static final String CPU_AT_USERS = "nonblocking-cpu-at-users";
  static final List<String> IDS = List.of(PEAK, USERS_AT_FAILURE, CPU_AT_USERS);

  /** "About 3.5 times" holds from 3.5 / 1.25 to 3.5 × 1.25. */
  static final double RATIO_TOLERANCE = 1.25;

  private UserRampFindings() {}

  /** @param variants each variant's medians, by its name: what bound its peak */
  static List<FindingResult> judge(List<FindingClaim> claims, Map<String, List<UserRampAnalyses.Ramp>> ramps,
      UserRampAnalysis analysis, Map<String, RampVariant> variants) {
    List<UserRampAnalyses.Ramp> blocking = ramps.getOrDefault(analysis.blocking(), List.of());
    List<UserRampAnalyses.Ramp> nonBlocking = ramps.getOrDefault(analysis.nonBlocking(), List.of());
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      FindingResult result = switch (claim.id()) {
        case PEAK -> withBounds(ratio(claim, "peak throughput, answers a second", "", blocking, nonBlocking,
            UserRampAnalyses.Ramp::peakThroughputPerSecond, analysis.peakThroughputRatio(), analysis), variants,
            analysis);
        case USERS_AT_FAILURE -> ratio(claim, "users at failure",
            " (a ramp that ran to its longest duration or its most users has no failure)", blocking, nonBlocking,
            UserRampAnalyses.Ramp::usersAtFailure, analysis.usersAtFailureRatio(), analysis);
        case CPU_AT_USERS -> ratio(claim, "CPU over its limit at " + analysis.cpuAtUsers() + " users",
            " (a ramp that ended before " + analysis.cpuAtUsers() + " users has none)", blocking,
            nonBlocking, ramp -> ramp.atUsers().get(analysis.cpuAtUsers()) == null ? null
                : ramp.atUsers().get(analysis.cpuAtUsers()).relativeCpu(), analysis.cpuRatio(), analysis);
        default -> throw new IllegalArgumentException("a user-ramp experiment cannot state '" + claim.id() + "'");
      };
      results.add(result);
    }
    return results;
  }

  /** The finding's why, and after it what bound each side's peak. */
  private static FindingResult withBounds(FindingResult result, Map<String, RampVariant> variants,
      UserRampAnalysis analysis) {
    List<String> bounds = Stream.of(analysis.blocking(), analysis.nonBlocking())
        .map(variants::get).filter(Objects::nonNull).map(PeakBound::describe).toList();
    return bounds.isEmpty() ? result : new FindingResult(result.id(), result.claim(), result.verdict(),
        result.why() + ". " + String.join(". ", bounds), result.figure());
  }

  /** Where the study's ratio puts the finding: within the tolerance of it, and on its side of 1. */
  static Claim claimed(StudyFigure study) {
    Claim near = Claim.withinFactor(study.value(), RATIO_TOLERANCE);
    return study.value() > 1 ? near.and(new Claim(1, Double.POSITIVE_INFINITY, "above 1"))
        : study.value() < 1 ? near.and(new Claim(Double.NEGATIVE_INFINITY, 1, "below 1")) : near;
  }

  /** @param whyMissing what, said after the count of ramps with the figure, explains a ramp without it */
  private static FindingResult ratio(FindingClaim claim, String what, String whyMissing,
      List<UserRampAnalyses.Ramp> blocking, List<UserRampAnalyses.Ramp> nonBlocking,
      Function<UserRampAnalyses.Ramp, Double> figure, StudyFigure study, UserRampAnalysis analysis) {
    List<Double> baseline = blocking.stream().map(figure).filter(Objects::nonNull).toList();
    List<Double> candidate = nonBlocking.stream().map(figure).filter(Objects::nonNull).toList();
    String sides = String.format(Locale.ROOT, "%s: %s over %s", what, analysis.nonBlocking(), analysis.blocking());
    String target = "; the study: " + study.cited();
    if (baseline.size() < RatioInterval.MIN_SAMPLES || candidate.size() < RatioInterval.MIN_SAMPLES) {
      Judgement judgement = Judgement.inconclusive(String.format(Locale.ROOT, "%d and %d ramps have the figure%s,"
          + " at least %d a side are needed", candidate.size(), baseline.size(), whyMissing, RatioInterval.MIN_SAMPLES));
      return FindingResult.of(claim, judgement, sides + target);
    }
    RatioInterval ratio = RatioInterval.of(baseline, candidate);
    Judgement judgement = VerdictRule.judge(Estimate.of(ratio), claimed(study));
    return FindingResult.of(claim, judgement, String.format(Locale.ROOT,
        "%s %.2f (%.0f %% %.2f–%.2f) over %d and %d ramps%s", sides, ratio.ratio(), ratio.confidence() * 100,
        ratio.lower(), ratio.upper(), candidate.size(), baseline.size(), target));
  }
}
