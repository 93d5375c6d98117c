package dev.perflab.harness.stats;

import java.util.Collection;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * A mean with its Student-t interval, beside the median: how the thesis reports its cold starts
 * (means with intervals), with the median perflab reports everywhere else.
 *
 * @param n the samples
 * @param lower the interval's lower end; the mean itself for one sample
 * @param upper the interval's upper end
 * @param confidence the interval's coverage (0.95)
 */
public record MeanInterval(int n, double mean, double lower, double upper, double median, double confidence) {

  public static final double CONFIDENCE = 0.95;

  public static MeanInterval of(Collection<? extends Number> samples) {
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("a mean needs at least one sample");
    }
    DescriptiveStatistics stats = new DescriptiveStatistics();
    samples.forEach(value -> stats.addValue(value.doubleValue()));
    double mean = stats.getMean();
    if (stats.getN() < 2) {
      return new MeanInterval(1, mean, mean, mean, mean, CONFIDENCE);
    }
    double t = new TDistribution(stats.getN() - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    double half = t * stats.getStandardDeviation() / Math.sqrt(stats.getN());
    return new MeanInterval((int) stats.getN(), mean, mean - half, mean + half, stats.getPercentile(50), CONFIDENCE);
  }
}
