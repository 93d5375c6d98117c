package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The findings a cold-start experiment can state, each judged from this run's launches alone by
 * {@link VerdictRule}.
 *
 * <ul>
 *   <li>{@value #CACHED_ORDER}: the apps' framework-reported startups, image cached, in the analysis' mode and
 *       database: each next app's median over the one before (its rank interval) above 1, and the last over
 *       the first within a factor {@value #RATIO_TOLERANCE} of the study's ratio; every part must hold.
 *   <li>{@value #PULLED_TRACKS_SIZE}: the pulled variants' mean time beyond the framework's startup against
 *       image size: Pearson's r (its 95 % Fisher interval) at least {@value #STRONG_R}, perflab's reading of
 *       "almost linearly", and the slope (its 95 % interval) above 0. The study's ms per MB was its cluster's
 *       network and is not judged here.
 * </ul>
 */
final class ColdStartFindings {

  static final String CACHED_ORDER = "cached-startup-order";
  static final String PULLED_TRACKS_SIZE = "pulled-overhead-tracks-image-size";
  static final List<String> IDS = List.of(CACHED_ORDER, PULLED_TRACKS_SIZE);

  static final double RATIO_TOLERANCE = 1.25;
  static final double STRONG_R = 0.9;
  static final double CONFIDENCE = 0.95;

  private ColdStartFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, List<ColdStartLaunch> launches,
      ColdStartAnalysis analysis, List<SizeRegression> regressions) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      results.add(switch (claim.id()) {
        case CACHED_ORDER -> cachedOrder(claim, launches, analysis);
        case PULLED_TRACKS_SIZE -> pulledTracksSize(claim, regressions);
        default -> throw new IllegalArgumentException("a cold-start experiment cannot state '" + claim.id() + "'");
      });
    }
    return results;
  }

  static FindingResult cachedOrder(FindingClaim claim, List<ColdStartLaunch> launches, ColdStartAnalysis analysis) {
    String where = "framework-reported startup, image cached, " + analysis.mode() + ", " + analysis.database().key()
        + " database";
    List<List<Double>> byApp = new ArrayList<>();
    for (String app : analysis.cachedOrder()) {
      List<Double> values = launches.stream()
          .filter(launch -> launch.counted() && launch.app().equals(app) && launch.mode().equals(analysis.mode())
              && launch.database() == analysis.database() && launch.image() == ImageSource.CACHED)
          .map(ColdStartLaunch::frameworkReportedStartupMillis).filter(Objects::nonNull).toList();
      if (values.size() < RatioInterval.MIN_SAMPLES) {
        return FindingResult.of(claim, Judgement.inconclusive(app + " has " + values.size()
            + " launches with the figure, at least " + RatioInterval.MIN_SAMPLES + " are needed"), where);
      }
      byApp.add(values);
    }
    StringBuilder figure = new StringBuilder(where + ", medians in the study's order: ");
    for (int i = 0; i < byApp.size(); i++) {
      figure.append(i == 0 ? "" : ", ").append(analysis.cachedOrder().get(i)).append(' ')
          .append(String.format(Locale.ROOT, "%,.0f", Distribution.of(byApp.get(i)).median())).append(" ms");
    }
    figure.append("; each over the one before:");
    List<Judgement> parts = new ArrayList<>();
    List<String> whys = new ArrayList<>();
    Claim slower = Claim.atLeast(1);
    for (int i = 1; i < byApp.size(); i++) {
      RatioInterval step = RatioInterval.of(byApp.get(i - 1), byApp.get(i));
      Judgement judged = VerdictRule.judge(Estimate.of(step), slower);
      parts.add(judged);
      whys.add(analysis.cachedOrder().get(i) + " over " + analysis.cachedOrder().get(i - 1) + " " + judged.why());
      figure.append(' ').append(ratio(step));
    }
    RatioInterval whole = RatioInterval.of(byApp.getFirst(), byApp.getLast());
    Judgement ratio = VerdictRule.judge(Estimate.of(whole), Claim.withinFactor(analysis.slowestOverFastest().value(),
        RATIO_TOLERANCE));
    parts.add(ratio);
    whys.add(analysis.cachedOrder().getLast() + " over " + analysis.cachedOrder().getFirst() + " " + ratio.why());
    figure.append(String.format(Locale.ROOT, "; %s over %s %s; the study: %s", analysis.cachedOrder().getLast(),
        analysis.cachedOrder().getFirst(), ratio(whole), analysis.slowestOverFastest().cited()));
    return FindingResult.of(claim, new Judgement(VerdictRule.everyOf(parts), String.join("; ", whys)),
        figure.toString());
  }

  static FindingResult pulledTracksSize(FindingClaim claim, List<SizeRegression> regressions) {
    SizeRegression size = find(regressions, ImageSource.PULLED, ColdStartAnalyses.IMAGE_SIZE);
    if (size == null || !size.told() || size.points() <= 3) {
      return FindingResult.of(claim, Judgement.inconclusive((size == null ? "no pulled variant" : size.points()
          + " variant(s)") + "; a line with an interval on its r needs at least 4 variants of at least two sizes"),
          "time beyond the framework's startup, pulled");
    }
    StringBuilder figure = new StringBuilder("time beyond the framework's startup, pulled, against image size: "
        + line(size));
    SizeRegression bytes = find(regressions, ImageSource.PULLED, ColdStartAnalyses.PULLED_BYTES);
    if (bytes != null && bytes.told()) {
      figure.append("; against bytes pulled: ").append(line(bytes));
    }
    SizeRegression cached = find(regressions, ImageSource.CACHED, ColdStartAnalyses.IMAGE_SIZE);
    if (cached != null && cached.told()) {
      figure.append("; cached, against image size: ").append(line(cached));
    }
    Judgement linear = VerdictRule.judge(correlation(size.r(), size.points()), new Claim(STRONG_R, 1, "r at least "
        + STRONG_R));
    Judgement rising = VerdictRule.judge(new Estimate(size.slopeMillisPerMegabyte(), size.slopeLower(),
        size.slopeUpper()), new Claim(0, Double.POSITIVE_INFINITY, "a slope above 0"));
    return FindingResult.of(claim, new Judgement(VerdictRule.everyOf(List.of(linear, rising)),
        "r " + linear.why() + "; the slope " + rising.why()), figure.toString());
  }

  /** Pearson's r with its Fisher interval: atanh(r) is about normal with standard error 1 / √(n − 3). */
  static Estimate correlation(double r, int points) {
    double z = 0.5 * Math.log((1 + r) / (1 - r));
    double half = new NormalDistribution().inverseCumulativeProbability(0.5 + CONFIDENCE / 2) / Math.sqrt(points - 3);
    return Math.abs(r) >= 1 ? Estimate.exact(r) : new Estimate(r, Math.tanh(z - half), Math.tanh(z + half));
  }

  static SizeRegression find(List<SizeRegression> regressions, ImageSource source, String against) {
    return regressions.stream().filter(line -> line.source() == source && line.against().equals(against))
        .findFirst().orElse(null);
  }

  /** "r 0.97 (95 % 0.75 to 1.00) over 6 variants, 4.1 ms per MB (95 % 2.0 to 6.2)". */
  static String line(SizeRegression line) {
    String r = line.points() > 3 ? String.format(Locale.ROOT, "r %.2f (95 %% %.2f to %.2f)", line.r(),
        correlation(line.r(), line.points()).lower(), correlation(line.r(), line.points()).upper())
        : String.format(Locale.ROOT, "r %.2f", line.r());
    return String.format(Locale.ROOT, "%s over %d variants, %.2f ms per MB (95 %% %.2f to %.2f)", r, line.points(),
        line.slopeMillisPerMegabyte(), line.slopeLower(), line.slopeUpper());
  }

  private static String ratio(RatioInterval ratio) {
    return String.format(Locale.ROOT, "%.2f (%.0f %% %.2f–%.2f)", ratio.ratio(), ratio.confidence() * 100,
        ratio.lower(), ratio.upper());
  }
}
