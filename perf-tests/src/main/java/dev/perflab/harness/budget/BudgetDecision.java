package dev.perflab.harness.budget;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
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
  /** Under this chance that the launches left tell a verdict ({@link #chanceToDecide}), none are made. */
  public static final double LEAST_CHANCE_TO_DECIDE = 0.10;

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
    Spread spread = Spread.of(values, factor, pooled);
    double halfWidth = spread.t() * Math.sqrt(spread.variance() / values.size()
        + factorLogStandardError * factorLogStandardError);
    double logBudget = Math.log(budget);
    if (spread.mean() + halfWidth < logBudget) {
      return WITHIN;
    }
    if (spread.mean() - halfWidth > logBudget) {
      return OVER;
    }
    return UNDECIDED;
  }

  /**
   * The chance that, by {@code mostLaunches} launches and {@code factorRunsAtMost} reference runs, the
   * bound of {@link #of} lies wholly on one side of the budget, if the launches and reference runs to
   * come spread as those so far around the same means (the conditional power of a sequential trial
   * under its current trend). The startup part stops a cell whose time verdict has less than
   * {@value #LEAST_CHANCE_TO_DECIDE} of it: on this VM, where a launch spreads by 15 %, most cells
   * within 15 % of their scaled budget were undecided after five launches as after three, and the two
   * launches more bought nothing but minutes. Under {@link #MIN_LAUNCHES} launches the chance is 1 (too
   * few to judge by); at the most it is 0 (no launch left).
   *
   * @param factorRuns the reference runs the factor is of now
   */
  public static double chanceToDecide(List<Double> values, double budget, double factor,
      double factorLogStandardError, int factorRuns, Noise pooled, int mostLaunches, int factorRunsAtMost) {
    int n = values.size();
    if (n >= mostLaunches) {
      return 0;
    }
    if (n < MIN_LAUNCHES) {
      return 1;
    }
    Spread spread = Spread.of(values, factor, pooled);
    double runsShare = (double) factorRuns / Math.max(factorRuns, factorRunsAtMost);
    double factorVariance = factorLogStandardError * factorLogStandardError;
    // The bound's half-width at the most launches, the factor then pinned by more runs.
    double halfWidth = spread.t(mostLaunches) * Math.sqrt(spread.variance() / mostLaunches
        + factorVariance * runsShare);
    // How far the launches and reference runs still to come may move the mean: the final mean is the
    // present one weighted with that of launches not yet made.
    double move = Math.sqrt(spread.variance() * (mostLaunches - n) / ((double) mostLaunches * mostLaunches)
        + factorVariance * runsShare * (1 - runsShare));
    double distance = spread.mean() - Math.log(budget);
    if (move == 0) {
      return Math.abs(distance) > halfWidth ? 1 : 0;
    }
    NormalDistribution normal = new NormalDistribution();
    return normal.cumulativeProbability((distance - halfWidth) / move)
        + normal.cumulativeProbability((-distance - halfWidth) / move);
  }

  /**
   * The launches' log mean and the spread a bound is drawn with: the cell's own, or the pooled one
   * where that is wider, with its degrees of freedom.
   */
  private record Spread(double mean, double variance, int degreesOfFreedom, boolean own) {

    static Spread of(List<Double> values, double factor, Noise pooled) {
      SummaryStatistics logs = logs(values, factor);
      int n = values.size();
      boolean ownIsWider = logs.getVariance() >= pooled.logVariance() || pooled.degreesOfFreedom() <= n - 1;
      return ownIsWider ? new Spread(logs.getMean(), logs.getVariance(), n - 1, true)
          : new Spread(logs.getMean(), pooled.logVariance(), pooled.degreesOfFreedom(), false);
    }

    double t() {
      return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(CONFIDENCE);
    }

    /** The t quantile at {@code launches}: a cell's own spread gains a degree of freedom a launch. */
    double t(int launches) {
      return new TDistribution(own ? launches - 1 : degreesOfFreedom).inverseCumulativeProbability(CONFIDENCE);
    }
  }

  private static SummaryStatistics logs(List<Double> values, double factor) {
    SummaryStatistics logs = new SummaryStatistics();
    values.forEach(value -> logs.addValue(Math.log(value / factor)));
    return logs;
  }
}
