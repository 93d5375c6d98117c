package dev.perflab.harness.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The smallest relative change a run with this noise and these repetitions would tell from noise,
 * at a two-sided α of 0.05 with 80 % power:
 *
 * <pre>MDE = (z<sub>0.975</sub> + z<sub>0.8</sub>) · √(π/2) · cv · √(1/n<sub>A</sub> + 1/n<sub>B</sub>)</pre>
 *
 * which is {@code (1.960 + 0.842) · 1.2533 · cv · √(2/n)} for n per side. This is the normal
 * approximation for comparing two means, in relative terms (small cv: a ratio's relative error is
 * about the difference of its sides' relative errors). The factor √(π/2) is there because medians
 * are compared: under normal noise a median's standard error is √(π/2) times the mean's (its
 * asymptotic efficiency is 2/π). For a handful of repetitions that makes it slightly pessimistic,
 * and the sample cv is itself noisy, so the result is a guide to how many repetitions to run, not a
 * guarantee.
 *
 * @param relativeChange the MDE as a fraction (0.05 = 5 %)
 * @param coefficientOfVariation the noise it was computed from
 */
public record MinimumDetectableEffect(
    double relativeChange, double coefficientOfVariation, int repetitionsA, int repetitionsB) {

  public static final double ALPHA = 0.05;
  public static final double POWER = 0.8;
  /** √(π/2): a median's standard error over a mean's, under normal noise. */
  public static final double MEDIAN_FACTOR = Math.sqrt(Math.PI / 2);
  private static final double Z_SUM = standardNormalQuantile(1 - ALPHA / 2) + standardNormalQuantile(POWER);

  public static MinimumDetectableEffect of(double coefficientOfVariation, int repetitionsPerSide) {
    return of(coefficientOfVariation, repetitionsPerSide, repetitionsPerSide);
  }

  public static MinimumDetectableEffect of(double coefficientOfVariation, int repetitionsA, int repetitionsB) {
    checkNoise(coefficientOfVariation);
    if (repetitionsA < 1 || repetitionsB < 1) {
      throw new IllegalArgumentException(
          "repetitions must be at least 1 per side, got " + repetitionsA + " + " + repetitionsB);
    }
    double relativeChange =
        Z_SUM * MEDIAN_FACTOR * coefficientOfVariation * Math.sqrt(1.0 / repetitionsA + 1.0 / repetitionsB);
    return new MinimumDetectableEffect(relativeChange, coefficientOfVariation, repetitionsA, repetitionsB);
  }

  /** From two measured sides, with their noise pooled as {@link #pooledCoefficientOfVariation}. */
  public static MinimumDetectableEffect of(Distribution a, Distribution b) {
    return of(pooledCoefficientOfVariation(a, b), a.n(), b.n());
  }

  /**
   * The two sides' cv pooled the way a two-sample t-test pools variances, weighted by n − 1: the
   * noise of the setup rather than of either run, and not inflated by the difference between them.
   */
  public static double pooledCoefficientOfVariation(Distribution a, Distribution b) {
    int degreesOfFreedom = a.n() + b.n() - 2;
    if (degreesOfFreedom < 1) {
      throw new IllegalArgumentException("pooling noise needs at least 3 samples in all, got " + (a.n() + b.n()));
    }
    double cvA = a.coefficientOfVariation();
    double cvB = b.coefficientOfVariation();
    return Math.sqrt(((a.n() - 1) * cvA * cvA + (b.n() - 1) * cvB * cvB) / degreesOfFreedom);
  }

  /**
   * The repetitions per side that bring the MDE down to {@code threshold} at this noise, the formula
   * above solved for n: {@code ceil(2 · ((z + z) · √(π/2) · cv / threshold)²)}, and at least
   * {@value RatioInterval#MIN_SAMPLES}, the fewest a comparison accepts.
   */
  public static int repetitionsPerSide(double coefficientOfVariation, double threshold) {
    checkNoise(coefficientOfVariation);
    Verdict.checkThreshold(threshold);
    double perSide = Z_SUM * MEDIAN_FACTOR * coefficientOfVariation / threshold;
    return Math.max(RatioInterval.MIN_SAMPLES, (int) Math.ceil(2 * perSide * perSide));
  }

  /** Whether a change of {@code threshold} is within what this run could detect. */
  public boolean detects(double threshold) {
    return relativeChange <= threshold;
  }

  private static void checkNoise(double coefficientOfVariation) {
    if (!(coefficientOfVariation >= 0 && Double.isFinite(coefficientOfVariation))) {
      throw new IllegalArgumentException(
          "a coefficient of variation is a finite fraction, 0 or more, got " + coefficientOfVariation);
    }
  }

  private static double standardNormalQuantile(double probability) {
    return new NormalDistribution().inverseCumulativeProbability(probability);
  }
}
