package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The findings a cold-start experiment can state, each judged from this run's launches alone.
 *
 * <ul>
 *   <li>{@value #CACHED_ORDER}: the apps' framework-reported startups, image cached, in the analysis'
 *       mode and database, are in the study's order (each next app's median above the one before,
 *       told by the ratio's interval) and the last over the first is the study's ratio within a factor
 *       {@value #RATIO_TOLERANCE} (their intervals overlap).
 *   <li>{@value #PULLED_TRACKS_SIZE}: the pulled variants' mean time beyond the framework's startup
 *       lies on a line of image size: r ≥ {@value #STRONG_R} and a slope above 0 (its interval) agree;
 *       a slope whose interval holds 0, or r under {@value #WEAK_R}, over at least
 *       {@value #LEAST_POINTS_TO_DISAGREE} variants, disagrees.
 * </ul>
 */
final class ColdStartFindings {

  static final String CACHED_ORDER = "cached-startup-order";
  static final String PULLED_TRACKS_SIZE = "pulled-overhead-tracks-image-size";
  static final List<String> IDS = List.of(CACHED_ORDER, PULLED_TRACKS_SIZE);

  static final double RATIO_TOLERANCE = 1.25;
  static final double STRONG_R = 0.9;
  static final double WEAK_R = 0.5;
  static final int LEAST_POINTS_TO_DISAGREE = 4;

  private ColdStartFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, List<ColdStartLaunch> launches,
      ColdStartAnalysis analysis, List<SizeRegression> regressions) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      Judged judged = switch (claim.id()) {
        case CACHED_ORDER -> cachedOrder(launches, analysis);
        case PULLED_TRACKS_SIZE -> pulledTracksSize(regressions);
        default -> throw new IllegalArgumentException("a cold-start experiment cannot state '" + claim.id() + "'");
      };
      results.add(new FindingResult(claim.id(), claim.claim(), judged.verdict(), judged.figure()));
    }
    return results;
  }

  private record Judged(FindingVerdict verdict, String figure) {}

  static Judged cachedOrder(List<ColdStartLaunch> launches, ColdStartAnalysis analysis) {
    String where = "framework-reported startup, image cached, " + analysis.mode() + ", " + analysis.database().key()
        + " database";
    List<List<Double>> byApp = new ArrayList<>();
    for (String app : analysis.cachedOrder()) {
      List<Double> values = launches.stream()
          .filter(launch -> launch.counted() && launch.app().equals(app) && launch.mode().equals(analysis.mode())
              && launch.database() == analysis.database() && launch.image() == ImageSource.CACHED)
          .map(ColdStartLaunch::frameworkReportedStartupMillis).filter(Objects::nonNull).toList();
      if (values.size() < RatioInterval.MIN_SAMPLES) {
        return new Judged(FindingVerdict.INCONCLUSIVE, where + ": " + app + " has " + values.size()
            + " launches with the figure, at least " + RatioInterval.MIN_SAMPLES + " are needed");
      }
      byApp.add(values);
    }
    StringBuilder figure = new StringBuilder(where + ", medians in the study's order: ");
    boolean reversed = false;
    boolean untold = false;
    for (int i = 0; i < byApp.size(); i++) {
      figure.append(i == 0 ? "" : ", ").append(analysis.cachedOrder().get(i)).append(' ')
          .append(millis(median(byApp.get(i)))).append(" ms");
    }
    figure.append("; each over the one before:");
    for (int i = 1; i < byApp.size(); i++) {
      RatioInterval step = RatioInterval.of(byApp.get(i - 1), byApp.get(i));
      reversed |= step.upper() < 1;
      untold |= step.lower() <= 1 && step.upper() >= 1;
      figure.append(' ').append(ratio(step));
    }
    RatioInterval whole = RatioInterval.of(byApp.getFirst(), byApp.getLast());
    double claimed = analysis.slowestOverFastest();
    boolean ratioNear = whole.upper() >= claimed / RATIO_TOLERANCE && whole.lower() <= claimed * RATIO_TOLERANCE;
    figure.append(String.format(Locale.ROOT, "; %s over %s %s (the study: %.1f)", analysis.cachedOrder().getLast(),
        analysis.cachedOrder().getFirst(), ratio(whole), claimed));
    FindingVerdict verdict = reversed ? FindingVerdict.DISAGREE
        : untold ? FindingVerdict.INCONCLUSIVE
        : ratioNear ? FindingVerdict.AGREE : FindingVerdict.DISAGREE;
    if (verdict == FindingVerdict.DISAGREE && !reversed) {
      figure.append(String.format(Locale.ROOT, ": the order holds, the ratio is not within a factor %.2f of it",
          RATIO_TOLERANCE));
    }
    return new Judged(verdict, figure.toString());
  }

  static Judged pulledTracksSize(List<SizeRegression> regressions) {
    SizeRegression size = find(regressions, ImageSource.PULLED, ColdStartAnalyses.IMAGE_SIZE);
    if (size == null || !size.told()) {
      return new Judged(FindingVerdict.INCONCLUSIVE, "time beyond the framework's startup, pulled: "
          + (size == null ? "no pulled variant" : size.points() + " variant(s)") + "; a line needs "
          + SizeRegression.MIN_POINTS + " of at least two sizes");
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
    boolean slopeAboveZero = size.slopeLower() > 0;
    boolean slopeHoldsZero = size.slopeLower() <= 0 && size.slopeUpper() >= 0;
    FindingVerdict verdict = size.r() >= STRONG_R && slopeAboveZero ? FindingVerdict.AGREE
        : (slopeHoldsZero || size.r() < WEAK_R) && size.points() >= LEAST_POINTS_TO_DISAGREE ? FindingVerdict.DISAGREE
        : FindingVerdict.INCONCLUSIVE;
    return new Judged(verdict, figure.toString());
  }

  static SizeRegression find(List<SizeRegression> regressions, ImageSource source, String against) {
    return regressions.stream().filter(line -> line.source() == source && line.against().equals(against))
        .findFirst().orElse(null);
  }

  /** "r 0.97 over 6 variants, 4.1 ms per MB (95 % 2.0–6.2)". */
  static String line(SizeRegression line) {
    return String.format(Locale.ROOT, "r %.2f over %d variants, %.2f ms per MB (95 %% %.2f to %.2f)", line.r(),
        line.points(), line.slopeMillisPerMegabyte(), line.slopeLower(), line.slopeUpper());
  }

  private static String ratio(RatioInterval ratio) {
    return String.format(Locale.ROOT, "%.2f (%.0f %% %.2f–%.2f)", ratio.ratio(), ratio.confidence() * 100,
        ratio.lower(), ratio.upper());
  }

  private static String millis(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  private static double median(List<Double> values) {
    return Distribution.of(values).median();
  }
}
