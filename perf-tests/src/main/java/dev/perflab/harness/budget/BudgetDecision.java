package dev.perflab.harness.budget;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.SummaryStatistics;

/**
 * Whether a cell's launches so far already tell on which side of a budget its median lies, so that
 * the startup part stops launching a cell once more launches could not change its verdict. Each
 * figure is taken on a log scale (startup noise is multiplicative) and divided by the machine factor
 * where the budget scales with it; the launches' mean has a Student-t bound at
 * {@value #CONFIDENCE} on each side, widened by the factor's own uncertainty. Within: the upper bound
 * is under the budget. Over: the lower bound is above it.
 *
 * <p>Three launches say little of their own spread, so the spread used is the larger of the cell's
 * own and the run's {@link Noise} pooled over its other cells' launches so far (the same machine, the
 * same minutes): a cell whose three launches agree by chance is not believed tighter than the
 * machine allows, and one that is noisier than the rest keeps its own spread and its few degrees of
 * freedom.
 */
public enum BudgetDecision {
  WITHIN, OVER, UNDECIDED;

  /** One-sided, each way. */
  public static final double CONFIDENCE = 0.975;
  /** The fewest launches a bound is drawn from: with two, one stalled launch would decide a cell. */
  public static final int MIN_LAUNCHES = 3;

  /**
   * The spread of one metric's launches pooled over cells, as the variance of their logarithms with
   * its degrees of freedom (the sum of each cell's launches less one).
   */
  public record Noise(double logVariance, int degreesOfFreedom) {

    public static final Noise NONE = new Noise(0, 0);

    /** This noise with one more cell's launches pooled in. */
    public Noise plus(List<Double> values) {
      if (values.size() < 2) {
        return this;
      }
      SummaryStatistics logs = logs(values, 1);
      int df = degreesOfFreedom + values.size() - 1;
      return new Noise((logVariance * degreesOfFreedom + logs.getVariance() * (values.size() - 1)) / df, df);
    }
  }

  /**
   * @param values the measured launches' figures, in the unit the budget is written in
   * @param budget the budget in that unit, not yet scaled
   * @param factor what the budget is scaled by (1 for a figure the machine's pace does not move)
   * @param factorLogStandardError the factor's own uncertainty (0 where it does not apply)
   * @param pooled the run's noise of this metric over its other cells' launches
   */
  public static BudgetDecision of(List<Double> values, double budget, double factor, double factorLogStandardError,
      Noise pooled) {
    if (values.size() < MIN_LAUNCHES) {
      return UNDECIDED;
    }
    SummaryStatistics logs = logs(values, factor);
    int n = values.size();
    boolean ownIsWider = logs.getVariance() >= pooled.logVariance() || pooled.degreesOfFreedom() <= n - 1;
    double variance = ownIsWider ? logs.getVariance() : pooled.logVariance();
    int degreesOfFreedom = ownIsWider ? n - 1 : pooled.degreesOfFreedom();
    double standardError = Math.sqrt(variance / n + factorLogStandardError * factorLogStandardError);
    double t = new TDistribution(degreesOfFreedom).inverseCumulativeProbability(CONFIDENCE);
    double logBudget = Math.log(budget);
    if (logs.getMean() + t * standardError < logBudget) {
      return WITHIN;
    }
    if (logs.getMean() - t * standardError > logBudget) {
      return OVER;
    }
    return UNDECIDED;
  }

  private static SummaryStatistics logs(List<Double> values, double factor) {
    SummaryStatistics logs = new SummaryStatistics();
    values.forEach(value -> logs.addValue(Math.log(value / factor)));
    return logs;
  }
}
