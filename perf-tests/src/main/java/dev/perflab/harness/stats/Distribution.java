package dev.perflab.harness.stats;

import java.util.Collection;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * The spread of one metric over a cell's measured repetitions: never a single run.
 *
 * @param coefficientOfVariation sample standard deviation / mean (0.05 = 5 %); 0 for n &lt; 2
 */
public record Distribution(
    int n, double median, double min, double max, double p90, double mean,
    double coefficientOfVariation) {

  public static Distribution of(Collection<? extends Number> samples) {
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("a distribution needs at least one sample");
    }
    DescriptiveStatistics stats = new DescriptiveStatistics();
    samples.forEach(value -> stats.addValue(value.doubleValue()));
    double mean = stats.getMean();
    double cv = stats.getN() < 2 || mean == 0 ? 0 : stats.getStandardDeviation() / mean;
    return new Distribution(
        (int) stats.getN(),
        stats.getPercentile(50),
        stats.getMin(),
        stats.getMax(),
        stats.getPercentile(90),
        mean,
        cv);
  }
}
