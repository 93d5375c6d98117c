package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The thesis's cost finding by the one verdict rule: in each mode, the expensive framework's cost per run over each
 * cheaper one's, the ratio of medians with its rank interval over the runs (at least {@value RatioInterval#MIN_SAMPLES}
 * a side, else not known), within a factor {@value #RATIO_TOLERANCE} of the thesis's figure and above 1. The finding
 * holds when it holds against every cheaper framework in every mode. A ratio below the claim where the design could
 * not reach the thesis's figure ({@link ReachableCost}) is inconclusive, not a disagreement: the design decided it.
 */
final class AutoscalingFindings {

  static final String COST_RATIO = "spring-boot-costs-twice";
  static final List<String> IDS = List.of(COST_RATIO);
  /** How far from the thesis's "about twice" a ratio may lie and still be about it: as the user ramp holds its ratios. */
  static final double RATIO_TOLERANCE = 1.25;

  private AutoscalingFindings() {}

  /**
   * @param costs each mode's costs per run, by framework
   * @param reach the largest ratio the design lets a run show
   */
  static List<FindingResult> judge(List<FindingClaim> claims, AutoscalingSpec.AutoscalingAnalysis analysis,
      Map<String, Map<String, List<Double>>> costs, ReachableCost reach) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      if (claim.id().equals(COST_RATIO)) {
        results.add(costRatio(claim, analysis, costs, reach));
      }
    }
    return results;
  }

  private static FindingResult costRatio(FindingClaim claim, AutoscalingSpec.AutoscalingAnalysis analysis,
      Map<String, Map<String, List<Double>>> costs, ReachableCost reach) {
    Claim near = Claim.withinFactor(analysis.costRatio().value(), RATIO_TOLERANCE)
        .and(new Claim(1, Double.POSITIVE_INFINITY, "above 1"));
    List<Judgement> parts = new ArrayList<>();
    List<String> figures = new ArrayList<>();
    if (costs.isEmpty()) {
      parts.add(Judgement.inconclusive("no run was measured"));
    }
    costs.forEach((mode, byApp) -> {
      List<Double> expensive = byApp.getOrDefault(analysis.expensive(), List.of());
      for (String cheaper : analysis.cheaper()) {
        List<Double> cheaperCosts = byApp.getOrDefault(cheaper, List.of());
        if (expensive.isEmpty() || cheaperCosts.isEmpty()) {
          parts.add(Judgement.inconclusive(analysis.expensive() + " or " + cheaper + " has no measured run in "
              + mode));
          figures.add(mode + ": " + analysis.expensive() + " / " + cheaper + ": not measured");
          continue;
        }
        Estimate ratio = expensive.size() >= RatioInterval.MIN_SAMPLES
            && cheaperCosts.size() >= RatioInterval.MIN_SAMPLES ? Estimate.of(RatioInterval.of(cheaperCosts, expensive))
            : Estimate.unknown(median(expensive) / median(cheaperCosts));
        Judgement judged = VerdictRule.judge(ratio, near);
        if (judged.verdict() == FindingVerdict.DISAGREE && ratio.upper() < near.lower() && reach != null
            && reach.cannotReach(analysis.costRatio().value())) {
          judged = Judgement.inconclusive(String.format(Locale.ROOT, "below the claim (%s), where the design cannot"
              + " reach the thesis's %.2f: at most %.2f", near.text(), analysis.costRatio().value(), reach.ratio()));
        }
        parts.add(judged);
        figures.add(String.format(Locale.ROOT, "%s: %s / %s %.2f%s (%d and %d runs)", mode, analysis.expensive(),
            cheaper, ratio.value(), ratio.known() ? String.format(Locale.ROOT, " (%.2f–%.2f)", ratio.lower(),
            ratio.upper()) : ", interval not known", expensive.size(), cheaperCosts.size()));
      }
    });
    Judgement whole = new Judgement(VerdictRule.everyOf(parts), String.join("; ", parts.stream()
        .map(Judgement::why).distinct().toList()));
    return FindingResult.of(claim, whole, "cost per run " + String.join("; ", figures)
        + (reach == null ? "" : String.format(Locale.ROOT, "; the design's reach: at most %.2f", reach.ratio()))
        + "; the thesis: " + analysis.costRatio().cited());
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
