package dev.perflab.harness.stats;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Variance;

/**
 * The smallest relative change a run with this noise and these launches would tell from noise with
 * 80 % power, in the normal approximation (small cv: a ratio's relative error is about the
 * difference of its sides' relative errors).
 *
 * <p>Two samples compared by their medians, at a two-sided α of 0.05:
 *
 * <pre>MDE = (z<sub>0.975</sub> + z<sub>0.8</sub>) · √(π/2) · cv · √(1/n<sub>A</sub> + 1/n<sub>B</sub>)</pre>
 *
 * The factor √(π/2) is there because medians are compared: under normal noise a median's standard
 * error is √(π/2) times the mean's (its asymptotic efficiency is 2/π).
 *
 * <p>Launches in pairs, at the interval's own confidence c:
 *
 * <pre>MDE = (z<sub>(1+c)/2</sub> + z<sub>0.8</sub>) · s<sub>d</sub> · √(π/3) / √n</pre>
 *
 * where s<sub>d</sub> is the standard deviation of the n pairs' log ratios; √(π/3) because the
 * Hodges–Lehmann estimate of a paired shift has efficiency 3/π against the mean's under normal noise.
 * Drift that moves both launches of a pair leaves s<sub>d</sub>, which is why pairs see smaller
 * changes than the same launches unpaired. Either way the noise figure is itself noisy, so this is a
 * guide to how many launches to run, not a guarantee.
 *
 * @param relativeChange the MDE as a fraction (0.05 = 5 %)
 * @param coefficientOfVariation the noise of one launch it was computed from (for pairs, s<sub>d</sub>
 *     / √2, what one launch's noise would be if the pairs' two launches varied independently)
 * @param zSum z of the interval's level plus z<sub>0.8</sub>, which {@link #repetitionsFor} reuses
 * @param paired whether it is a paired comparison's
 */
public record MinimumDetectableEffect(
    double relativeChange, double coefficientOfVariation, int repetitionsA, int repetitionsB, double zSum,
    boolean paired) {

  public static final double ALPHA = 0.05;
  public static final double POWER = 0.8;
  /** √(π/2): a median's standard error over a mean's, under normal noise. */
  public static final double MEDIAN_FACTOR = Math.sqrt(Math.PI / 2);
  /** √(π/3): the paired Hodges–Lehmann estimate's standard error over the mean's. */
  public static final double PAIRED_FACTOR = Math.sqrt(Math.PI / 3);
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
    return new MinimumDetectableEffect(relativeChange, coefficientOfVariation, repetitionsA, repetitionsB, Z_SUM,
        false);
  }

  /** From two measured sides, with their noise pooled as {@link #pooledCoefficientOfVariation}. */
  public static MinimumDetectableEffect of(Distribution a, Distribution b) {
    return of(pooledCoefficientOfVariation(a, b), a.n(), b.n());
  }

  /** From launches in pairs ({@code b[i]} next to {@code a[i]}), at the interval's {@code confidence}. */
  public static MinimumDetectableEffect paired(List<Double> a, List<Double> b, double confidence) {
    if (a.size() != b.size() || a.size() < 2) {
      throw new IllegalArgumentException("pairs need one B per A, at least 2, got " + a.size() + " and " + b.size());
    }
    double[] d = new double[a.size()];
    for (int i = 0; i < d.length; i++) {
      d[i] = Math.log(b.get(i)) - Math.log(a.get(i));
    }
    double sd = Math.sqrt(new Variance().evaluate(d));
    double zSum = standardNormalQuantile(1 - (1 - confidence) / 2) + standardNormalQuantile(POWER);
    double relativeChange = zSum * PAIRED_FACTOR * sd / Math.sqrt(d.length);
    return new MinimumDetectableEffect(relativeChange, sd / Math.sqrt(2), d.length, d.length, zSum, true);
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

  /** The launches per side (pairs, for pairs) that bring this MDE down to {@code threshold} at its noise and level. */
  public int repetitionsFor(double threshold) {
    if (!paired) {
      return repetitionsPerSide(coefficientOfVariation, threshold);
    }
    Verdict.checkThreshold(threshold);
    double root = zSum * PAIRED_FACTOR * coefficientOfVariation * Math.sqrt(2) / threshold;
    return Math.max(PairedRatio.MIN_PAIRS, (int) Math.ceil(root * root));
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
