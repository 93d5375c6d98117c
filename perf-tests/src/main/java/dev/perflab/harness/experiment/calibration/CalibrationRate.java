package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.stats.Distribution;
import java.util.List;
import org.apache.commons.math3.stat.interval.ConfidenceInterval;
import org.apache.commons.math3.stat.interval.WilsonScoreInterval;

/**
 * How often one metric's verdict fired over one series' measured comparisons: for an A/A, a false alarm is any
 * verdict but NO_CHANGE; for an injected series, a detection is REGRESSION. With the rate's Wilson 95 % interval, the
 * median B/A, and what the comparisons cost.
 *
 * @param fired false alarms (A/A) or detections (injected)
 * @param medianRatio the median over the comparisons of the gate's B/A
 * @param largestPairChange the largest |B/A − 1| of any single pair over the series
 */
public record CalibrationRate(String series, String injected, double size, String metric, double threshold,
    int comparisons, int fired, int regressions, int improvements, double rate, double rateLower, double rateUpper,
    double medianRatio, double largestPairChange, double medianPairs, double medianMinutes) {

  static final double CONFIDENCE = 0.95;

  /** Over {@code judgements} of one series and metric (each from a measured comparison), and those comparisons. */
  static CalibrationRate of(List<CalibrationJudgement> judgements, List<CalibrationComparison> comparisons) {
    CalibrationJudgement first = judgements.getFirst();
    boolean aa = InjectedWork.NONE.key().equals(first.injected());
    int regressions = (int) judgements.stream().filter(j -> "REGRESSION".equals(j.verdict())).count();
    int improvements = (int) judgements.stream().filter(j -> "IMPROVEMENT".equals(j.verdict())).count();
    int fired = aa ? regressions + improvements : regressions;
    int n = judgements.size();
    ConfidenceInterval interval = new WilsonScoreInterval().createInterval(n, fired, CONFIDENCE);
    return new CalibrationRate(first.series(), first.injected(), first.size(), first.metric(), first.threshold(), n,
        fired, regressions, improvements, (double) fired / n, interval.getLowerBound(), interval.getUpperBound(),
        Distribution.of(judgements.stream().map(CalibrationJudgement::ratio).toList()).median(),
        judgements.stream().mapToDouble(CalibrationJudgement::largestPairChange).max().orElse(0),
        Distribution.of(comparisons.stream().map(CalibrationComparison::pairs).toList()).median(),
        Distribution.of(comparisons.stream().map(CalibrationComparison::minutes).toList()).median());
  }

  boolean aa() {
    return InjectedWork.NONE.key().equals(injected);
  }
}
