package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.finding.Claim;
import dev.perflab.harness.experiment.finding.Estimate;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.Judgement;
import dev.perflab.harness.experiment.finding.VerdictRule;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Percent;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The finding a gate calibration can state: that counting the work a change adds sees it where timing the same
 * launches does not. Its figure is, over the comparisons of the target's injected size (classes, 3 %), the count's
 * detection rate (classes loaded) less wall time's (time to first OK), judged on the same comparisons; its interval
 * is Newcombe's square-and-add of the two Wilson intervals, which treats the two rates as independent and so is
 * wider than the pairing warrants: a conservative interval, never a flattering one.
 */
final class CalibrationFindings {

  static final String COUNTING_SEES_MORE = "counting-sees-what-timing-cannot";
  static final List<String> IDS = List.of(COUNTING_SEES_MORE);

  /** Above zero: the count catches the injected change more often than wall time does. */
  static final Claim MORE_OFTEN = new Claim(1e-9, Double.POSITIVE_INFINITY,
      "the count's detection rate above wall time's");

  private CalibrationFindings() {}

  static List<FindingResult> judge(List<FindingClaim> claims, List<CalibrationRate> rates) {
    List<FindingResult> results = new ArrayList<>();
    for (FindingClaim claim : claims) {
      if (!COUNTING_SEES_MORE.equals(claim.id())) {
        throw new IllegalStateException("gate-calibration states no finding '" + claim.id() + "'; it states " + IDS);
      }
      results.add(countingSeesMore(claim, rates));
    }
    return results;
  }

  static FindingResult countingSeesMore(FindingClaim claim, List<CalibrationRate> rates) {
    Optional<CalibrationRate> count = find(rates, CalibrationReport.COUNTER);
    Optional<CalibrationRate> time = find(rates, Metric.TIME_TO_FIRST_OK_MILLIS);
    if (count.isEmpty() || time.isEmpty()) {
      return FindingResult.of(claim, Judgement.inconclusive("no comparison of the classes "
          + Percent.of(CalibrationReport.COUNTER_SIZE) + " series judged both " + CalibrationReport.COUNTER.key()
          + " and " + Metric.TIME_TO_FIRST_OK_MILLIS.key()), "not measured");
    }
    CalibrationRate c = count.get();
    CalibrationRate t = time.get();
    double difference = c.rate() - t.rate();
    double lower = difference - Math.hypot(c.rate() - c.rateLower(), t.rateUpper() - t.rate());
    double upper = difference + Math.hypot(c.rateUpper() - c.rate(), t.rate() - t.rateLower());
    String figure = String.format(Locale.ROOT, "%s less %s = %+.0f points (95 %% interval %+.0f to %+.0f) over %d"
        + " comparisons with %s more classes injected: %s caught %d, %s caught %d (median B/A %.3f)",
        CalibrationReport.COUNTER.key(), Metric.TIME_TO_FIRST_OK_MILLIS.key(), difference * 100, lower * 100,
        upper * 100, c.comparisons(), Percent.of(CalibrationReport.COUNTER_SIZE), CalibrationReport.COUNTER.key(),
        c.fired(), Metric.TIME_TO_FIRST_OK_MILLIS.key(), t.fired(), t.medianRatio());
    return FindingResult.of(claim, VerdictRule.judge(new Estimate(difference, lower, upper), MORE_OFTEN), figure);
  }

  private static Optional<CalibrationRate> find(List<CalibrationRate> rates, Metric metric) {
    return CalibrationReport.find(rates, InjectedWork.CLASSES, CalibrationReport.COUNTER_SIZE, metric);
  }
}
