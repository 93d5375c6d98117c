package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The thesis's cost finding by the one verdict rule: the expensive framework's cost per run over each cheaper one's,
 * the ratio of medians with its rank interval over the runs (at least {@value RatioInterval#MIN_SAMPLES} a side, else
 * not known), within a factor {@value #RATIO_TOLERANCE} of the thesis's figure and above 1. The finding holds when it
 * holds against every cheaper framework.
 */
final class AutoscalingFindings {

  static final String COST_RATIO = "spring-boot-costs-twice";
  static final List<String> IDS = List.of(COST_RATIO);
  /** How far from the thesis's "about twice" a ratio may lie and still be about it: as the user ramp holds its ratios. */
  static final double RATIO_TOLERANCE = 1.25;

  private AutoscalingFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, AutoscalingSpec.AutoscalingAnalysis analysis,
      Map<String, List<Double>> costsByApp) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      if (claim.id().equals(COST_RATIO)) {
        results.add(costRatio(claim, analysis, costsByApp));
      }
    }
    return results;
  }

  private static FindingResult costRatio(FindingClaim claim, AutoscalingSpec.AutoscalingAnalysis analysis,
      Map<String, List<Double>> costsByApp) {
    List<Double> expensive = costsByApp.getOrDefault(analysis.expensive(), List.of());
    Claim near = Claim.withinFactor(analysis.costRatio().value(), RATIO_TOLERANCE)
        .and(new Claim(1, Double.POSITIVE_INFINITY, "above 1"));
    List<Judgement> parts = new ArrayList<>();
    List<String> figures = new ArrayList<>();
    for (String cheaper : analysis.cheaper()) {
      List<Double> costs = costsByApp.getOrDefault(cheaper, List.of());
      if (expensive.isEmpty() || costs.isEmpty()) {
        parts.add(Judgement.inconclusive(analysis.expensive() + " or " + cheaper + " has no measured run"));
        figures.add(analysis.expensive() + " / " + cheaper + ": not measured");
        continue;
      }
      Estimate ratio = expensive.size() >= RatioInterval.MIN_SAMPLES && costs.size() >= RatioInterval.MIN_SAMPLES
          ? Estimate.of(RatioInterval.of(costs, expensive)) : Estimate.unknown(median(expensive) / median(costs));
      parts.add(VerdictRule.judge(ratio, near));
      figures.add(String.format(Locale.ROOT, "%s / %s: %.2f%s (%d and %d runs)", analysis.expensive(), cheaper,
          ratio.value(), ratio.known() ? String.format(Locale.ROOT, " (%.2f–%.2f)", ratio.lower(), ratio.upper())
          : ", interval not known", expensive.size(), costs.size()));
    }
    Judgement whole = new Judgement(VerdictRule.everyOf(parts), String.join("; ", parts.stream()
        .map(Judgement::why).distinct().toList()));
    return FindingResult.of(claim, whole, "cost per run " + String.join("; ", figures) + "; the thesis: "
        + analysis.costRatio().cited());
  }

  static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
