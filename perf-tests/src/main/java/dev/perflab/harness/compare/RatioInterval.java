package dev.perflab.harness.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The ratio B/A of the candidate's median to the baseline's, with a 95 % percentile-bootstrap
 * confidence interval. A ratio of medians reads directly as a relative change (1.10 = B is 10 %
 * higher) and one stalled launch cannot move it. The bootstrap assumes nothing about the shape of
 * the noise, which for startup times is skewed; A and B are resampled independently, with
 * replacement, because they are independent launches. The generator has a fixed seed, so the same
 * samples always give the same interval.
 *
 * @param ratio median(B) / median(A)
 * @param lower the 2.5th percentile of the bootstrapped ratios
 * @param upper the 97.5th percentile of the bootstrapped ratios
 */
public record RatioInterval(double ratio, double lower, double upper) {

  /** Fewer than this gives a median but no spread worth resampling. */
  public static final int MIN_SAMPLES = 3;
  public static final int RESAMPLES = 10_000;
  public static final long SEED = 20_250_101L;
  private static final double TAIL_PERCENT = 2.5;

  public static RatioInterval of(List<Double> baseline, List<Double> candidate) {
    return of(baseline, candidate, RESAMPLES, SEED);
  }

  public static RatioInterval of(List<Double> baseline, List<Double> candidate, int resamples, long seed) {
    if (resamples < 1) {
      throw new IllegalArgumentException("the bootstrap needs at least 1 resample, got " + resamples);
    }
    double[] a = checked("baseline (A)", baseline);
    double[] b = checked("candidate (B)", candidate);
    RandomGenerator random = new Well19937c(seed);
    double[] resampleA = new double[a.length];
    double[] resampleB = new double[b.length];
    double[] ratios = new double[resamples];
    for (int i = 0; i < resamples; i++) {
      double medianA = median(resample(a, resampleA, random));
      ratios[i] = median(resample(b, resampleB, random)) / medianA;
    }
    Percentile percentile = new Percentile();
    percentile.setData(ratios);
    return new RatioInterval(median(b) / median(a),
        percentile.evaluate(TAIL_PERCENT), percentile.evaluate(100 - TAIL_PERCENT));
  }

  /** The samples, sorted, once they are known to have a positive median and no value that could make one zero. */
  private static double[] checked(String side, List<Double> samples) {
    if (samples.size() < MIN_SAMPLES) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s has %d sample(s); a ratio of medians needs at least %d per side", side, samples.size(), MIN_SAMPLES));
    }
    double[] values = samples.stream().mapToDouble(Double::doubleValue).toArray();
    for (int i = 0; i < values.length; i++) {
      if (!Double.isFinite(values[i])) {
        throw new IllegalArgumentException(side + " sample " + (i + 1) + " is " + values[i]);
      }
    }
    Arrays.sort(values);
    double median = median(values);
    if (median <= 0) {
      throw new IllegalArgumentException(
          side + " median is " + median + "; a ratio of medians needs positive medians");
    }
    if (values[0] <= 0) {
      throw new IllegalArgumentException(side + " has a sample of " + values[0]
          + "; compared metrics are positive quantities, and a resample of it could have a zero median");
    }
    return values;
  }

  private static double[] resample(double[] values, double[] into, RandomGenerator random) {
    for (int i = 0; i < into.length; i++) {
      into[i] = values[random.nextInt(values.length)];
    }
    return into;
  }

  /** Sorts {@code values} in place; the midpoint of the middle two for an even count, as {@code Distribution}. */
  private static double median(double[] values) {
    Arrays.sort(values);
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }
}
