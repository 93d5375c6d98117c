package dev.perflab.harness.stats;

import dev.perflab.harness.metric.Metric;
import java.util.List;
import java.util.Locale;

/**
 * One metric compared between a baseline A and a candidate B: both sides' spread, the ratio B/A with
 * its interval, the {@link Verdict}, and the smallest change these launches could detect, so that a
 * NO_CHANGE from too few launches is not read as "no change".
 *
 * <p>The threshold is the change the comparison must catch (0.05 = 5 %): a verdict needs the interval
 * to exclude 1 and the ratio beyond half the threshold ({@link Verdict}), and a paired comparison
 * counts as decided ({@link #decided()}) once it has a verdict or its interval lies within the
 * threshold either side of 1, that is, once it can say the change is smaller than that.
 *
 * @param estimate how the ratio was estimated: from launches in pairs, from two unpaired samples, or
 *     exactly
 * @param threshold the relative change the comparison must catch (0.05 = 5 %)
 */
public record Comparison(
    Metric metric, Estimate estimate, Distribution baseline, Distribution candidate, RatioInterval ratio,
    double threshold, Verdict verdict, MinimumDetectableEffect minimumDetectableEffect) {

  /** How the ratio and its interval were made. */
  public enum Estimate {
    /** Launches in pairs ({@link PairedRatio}): the Hodges–Lehmann estimate of the pairs' log ratios. */
    PAIRED,
    /** Two samples not launched in pairs, e.g. against a recorded run ({@link RatioInterval#of}): the ratio of medians. */
    MEDIANS,
    /** One noiseless value per side (an image's size). */
    EXACT
  }

  /** Unpaired, at the metric's default threshold. */
  public static Comparison of(Metric metric, List<Double> a, List<Double> b) {
    return of(metric, a, b, metric.defaultThreshold());
  }

  /** Two samples that were not launched in pairs: the ratio of medians, with its Mann–Whitney interval. */
  public static Comparison of(Metric metric, List<Double> a, List<Double> b, double threshold) {
    Verdict.checkThreshold(threshold);
    RatioInterval ratio = RatioInterval.of(a, b);
    Distribution baseline = Distribution.of(a);
    Distribution candidate = Distribution.of(b);
    return new Comparison(metric, Estimate.MEDIANS, baseline, candidate, ratio, threshold,
        Verdict.of(metric.direction(), ratio, threshold / 2), MinimumDetectableEffect.of(baseline, candidate));
  }

  /**
   * Launches in pairs ({@code b[i]} next to {@code a[i]}), with an interval of at least
   * {@code confidence}: what a sequential comparison asks at each of its looks.
   */
  public static Comparison paired(Metric metric, List<Double> a, List<Double> b, double threshold,
      double confidence) {
    Verdict.checkThreshold(threshold);
    RatioInterval ratio = PairedRatio.of(a, b, confidence);
    return new Comparison(metric, Estimate.PAIRED, Distribution.of(a), Distribution.of(b), ratio, threshold,
        Verdict.of(metric.direction(), ratio, threshold / 2), MinimumDetectableEffect.paired(a, b, confidence));
  }

  /**
   * A metric without run-to-run noise, one value per side (an image's size): the ratio is exact, so
   * its interval is the point and any change beyond the threshold is a verdict.
   */
  public static Comparison exact(Metric metric, double a, double b, double threshold) {
    Verdict.checkThreshold(threshold);
    if (!(a > 0 && b > 0)) {
      throw new IllegalArgumentException(metric.label() + ": an exact ratio needs positive values, got " + a + " and " + b);
    }
    RatioInterval ratio = RatioInterval.exact(b / a);
    return new Comparison(metric, Estimate.EXACT, Distribution.of(List.of(a)), Distribution.of(List.of(b)), ratio,
        threshold, Verdict.of(metric.direction(), ratio, threshold), MinimumDetectableEffect.of(0, 1, 1));
  }

  /** Whether this is an {@link #exact} comparison: one noiseless value per side. */
  public boolean isExact() {
    return estimate == Estimate.EXACT;
  }

  /**
   * Whether more launches could not change what this comparison says: it has a verdict, or its
   * interval lies within the threshold either side of 1 (a change of the threshold's size is ruled out).
   */
  public boolean decided() {
    return isExact() || verdict != Verdict.NO_CHANGE
        || (ratio.lower() > 1 / (1 + threshold) && ratio.upper() < 1 + threshold);
  }

  /** The repetitions per side (pairs, for a paired comparison) that would make a change of the threshold detectable at this noise. */
  public int recommendedRepetitionsPerSide() {
    return minimumDetectableEffect.repetitionsFor(threshold);
  }

  /**
   * One line to act on, e.g. "time to first OK: B/A 1.102 (99.7 % CI 1.061–1.144) over 24 pairs,
   * threshold 5 %: REGRESSION; minimum detectable effect 3.1 %"; when the run could not have detected
   * the threshold, it ends with how many launches per side would.
   */
  public String describe() {
    if (isExact()) {
      return String.format(Locale.ROOT, "%s: B/A %.3f (exact, %s → %s), threshold %s: %s", metric.label(),
          ratio.ratio(), Math.round(baseline.median()), Math.round(candidate.median()), Percent.of(threshold), verdict);
    }
    String over = estimate == Estimate.PAIRED ? baseline.n() + " pairs" : baseline.n() + " + " + candidate.n() + " launches";
    String line = String.format(Locale.ROOT,
        "%s: B/A %.3f (%s CI %.3f–%.3f) over %s, threshold %s: %s; minimum detectable effect %s",
        metric.label(), ratio.ratio(), Percent.of(ratio.confidence()), ratio.lower(), ratio.upper(), over,
        Percent.of(threshold), verdict, Percent.of(minimumDetectableEffect.relativeChange()));
    return minimumDetectableEffect.detects(threshold) ? line
        : line + ", above the threshold: " + recommendedRepetitionsPerSide()
            + (estimate == Estimate.PAIRED ? " pairs" : " per side") + " would see it";
  }
}
