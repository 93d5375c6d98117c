package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The findings a user-ramp experiment can state: the non-blocking variant against the blocking one, each
 * a ratio of their ramps' figures with its rank interval ({@link RatioInterval}, at least
 * {@value RatioInterval#MIN_SAMPLES} ramps a side). Agree when the interval is above 1 and overlaps the
 * study's ratio within a factor {@value #RATIO_TOLERANCE}; disagree when it lies wholly outside that
 * (or below 1); inconclusive otherwise, or with too few ramps.
 *
 * <ul>
 *   <li>{@value #PEAK}: peak throughput (the highest {@code PEAK_SECONDS}-second mean of answers a second)
 *   <li>{@value #USERS_AT_FAILURE}: users when the ramp passed its p95 or error limit
 *   <li>{@value #CPU_AT_USERS}: CPU over the limit at the analysis' user count (the study: about a third,
 *       so the ratio is below 1 and the interval must overlap it, not lie above 1)
 * </ul>
 */
final class UserRampFindings {

  static final String PEAK = "nonblocking-peak-throughput";
  static final String USERS_AT_FAILURE = "nonblocking-users-at-failure";
  static final String CPU_AT_USERS = "nonblocking-cpu-at-users";
  static final List<String> IDS = List.of(PEAK, USERS_AT_FAILURE, CPU_AT_USERS);

  static final double RATIO_TOLERANCE = 1.25;

  private UserRampFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, Map<String, List<UserRampAnalyses.Ramp>> ramps,
      UserRampAnalysis analysis) {
    List<UserRampAnalyses.Ramp> blocking = ramps.getOrDefault(analysis.blocking(), List.of());
    List<UserRampAnalyses.Ramp> nonBlocking = ramps.getOrDefault(analysis.nonBlocking(), List.of());
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      FindingResult result = switch (claim.id()) {
        case PEAK -> ratio(claim, "peak throughput, answers a second", "", blocking, nonBlocking,
            UserRampAnalyses.Ramp::peakThroughputPerSecond, analysis.peakThroughputRatio(), analysis, true);
        case USERS_AT_FAILURE -> ratio(claim, "users at failure",
            " (a ramp that ran to its longest duration or its most users has no failure)", blocking, nonBlocking,
            UserRampAnalyses.Ramp::usersAtFailure, analysis.usersAtFailureRatio(), analysis, true);
        case CPU_AT_USERS -> ratio(claim, "CPU over its limit at " + analysis.cpuAtUsers() + " users",
            " (a ramp that ended before " + analysis.cpuAtUsers() + " users has none)", blocking,
            nonBlocking, ramp -> ramp.atUsers().get(analysis.cpuAtUsers()) == null ? null
                : ramp.atUsers().get(analysis.cpuAtUsers()).relativeCpu(), analysis.cpuRatio(), analysis, false);
        default -> throw new IllegalArgumentException("a user-ramp experiment cannot state '" + claim.id() + "'");
      };
      results.add(result);
    }
    return results;
  }

  /**
   * @param whyMissing what, said after the count of ramps with the figure, explains a ramp without it
   * @param aboveOne whether the study's ratio is a gain (above 1): an interval wholly below 1 then
   *     disagrees whatever the tolerance says
   */
  private static FindingResult ratio(FindingClaim claim, String what, String whyMissing,
      List<UserRampAnalyses.Ramp> blocking, List<UserRampAnalyses.Ramp> nonBlocking,
      Function<UserRampAnalyses.Ramp, Double> figure, double claimed, UserRampAnalysis analysis, boolean aboveOne) {
    List<Double> baseline = blocking.stream().map(figure).filter(Objects::nonNull).toList();
    List<Double> candidate = nonBlocking.stream().map(figure).filter(Objects::nonNull).toList();
    String sides = String.format(Locale.ROOT, "%s: %s over %s", what, analysis.nonBlocking(), analysis.blocking());
    if (baseline.size() < RatioInterval.MIN_SAMPLES || candidate.size() < RatioInterval.MIN_SAMPLES) {
      return new FindingResult(claim.id(), claim.claim(), FindingVerdict.INCONCLUSIVE, String.format(Locale.ROOT,
          "%s: %d and %d ramps have the figure%s, at least %d a side are needed", sides, candidate.size(),
          baseline.size(), whyMissing, RatioInterval.MIN_SAMPLES));
    }
    RatioInterval ratio = RatioInterval.of(baseline, candidate);
    boolean near = ratio.upper() >= claimed / RATIO_TOLERANCE && ratio.lower() <= claimed * RATIO_TOLERANCE;
    boolean wrongSide = aboveOne ? ratio.upper() < 1 : ratio.lower() > 1;
    boolean rightSide = aboveOne ? ratio.lower() > 1 : ratio.upper() < 1;
    FindingVerdict verdict = near && rightSide ? FindingVerdict.AGREE
        : wrongSide || !near ? FindingVerdict.DISAGREE : FindingVerdict.INCONCLUSIVE;
    return new FindingResult(claim.id(), claim.claim(), verdict, String.format(Locale.ROOT,
        "%s %.2f (%.0f %% %.2f–%.2f) over %d and %d ramps (the study: %.2f)", sides, ratio.ratio(),
        ratio.confidence() * 100, ratio.lower(), ratio.upper(), candidate.size(), baseline.size(), claimed));
  }
}
