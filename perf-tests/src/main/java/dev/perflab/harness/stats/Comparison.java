package dev.perflab.harness.stats;

import dev.perflab.harness.metric.Metric;
import java.util.List;
import java.util.Locale;

/**
 * One metric compared between a baseline A and a candidate B: both sides' spread, the ratio of their
 * medians with its interval, the {@link Verdict} at the threshold, and the smallest change these
 * repetitions could detect, so that a NO_CHANGE from too few repetitions is not read as "no change".
 * The minimum detectable effect uses A's and B's noise pooled
 * ({@link MinimumDetectableEffect#pooledCoefficientOfVariation}).
 *
 * @param threshold the relative change that earns a verdict (0.05 = 5 %)
 */
public record Comparison(
    Metric metric, Distribution baseline, Distribution candidate, RatioInterval ratio,
    double threshold, Verdict verdict, MinimumDetectableEffect minimumDetectableEffect) {

  /** At the metric's default threshold. */
  public static Comparison of(Metric metric, List<Double> a, List<Double> b) {
    return of(metric, a, b, metric.defaultThreshold());
  }

  public static Comparison of(Metric metric, List<Double> a, List<Double> b, double threshold) {
    Verdict.checkThreshold(threshold);
    RatioInterval ratio = RatioInterval.of(a, b);
    Distribution baseline = Distribution.of(a);
    Distribution candidate = Distribution.of(b);
    return new Comparison(metric, baseline, candidate, ratio, threshold,
        Verdict.of(metric.direction(), ratio, threshold), MinimumDetectableEffect.of(baseline, candidate));
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
    return new Comparison(metric, Distribution.of(List.of(a)), Distribution.of(List.of(b)), ratio, threshold,
        Verdict.of(metric.direction(), ratio, threshold), MinimumDetectableEffect.of(0, 1, 1));
  }

  /** Whether this is an {@link #exact} comparison: one noiseless value per side. */
  public boolean isExact() {
    return baseline.n() == 1 && candidate.n() == 1;
  }

  /** The repetitions per side that would make a change of the threshold detectable at this noise. */
  public int recommendedRepetitionsPerSide() {
    return MinimumDetectableEffect.repetitionsPerSide(minimumDetectableEffect.coefficientOfVariation(), threshold);
  }

  /**
   * One line to act on, e.g. "time to first OK: B/A 1.102 (96.8 % CI 1.061–1.144), threshold 5 %:
   * REGRESSION; minimum detectable effect 3.1 % with 10 + 10 repetitions"; when the run could not
   * have detected the threshold, it ends with how many repetitions per side would.
   */
  public String describe() {
    if (isExact()) {
      return String.format(Locale.ROOT, "%s: B/A %.3f (exact, %s → %s), threshold %s: %s", metric.label(),
          ratio.ratio(), Math.round(baseline.median()), Math.round(candidate.median()), Percent.of(threshold), verdict);
    }
    String line = String.format(Locale.ROOT,
        "%s: B/A %.3f (%s CI %.3f–%.3f), threshold %s: %s; minimum detectable effect %s with %d + %d repetitions",
        metric.label(), ratio.ratio(), Percent.of(ratio.confidence()), ratio.lower(), ratio.upper(), Percent.of(threshold), verdict,
        Percent.of(minimumDetectableEffect.relativeChange()), baseline.n(), candidate.n());
    return minimumDetectableEffect.detects(threshold) ? line
        : line + ", above the threshold: use " + recommendedRepetitionsPerSide() + " per side";
  }
}
