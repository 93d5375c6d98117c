package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Percent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A gate calibration's analysis: a rate per series and metric, and the gate's targets judged from them. The targets
 * are the issue's: a 3 % injected increase in a counter (classes loaded) caught in 95 % of comparisons at 1 % false
 * alarms on that counter, in 3 minutes a comparison; the wall-time 5 % row over at least 20 comparisons.
 */
public record CalibrationReport(List<CalibrationRate> rates, List<CalibrationTarget> targets,
    List<FindingResult> findings, int failed) {

  static final Metric COUNTER = Metric.CLASSES_LOADED_AT_FIRST_OK;
  static final double COUNTER_SIZE = 0.03;
  static final double DETECTION = 0.95;
  static final double FALSE_ALARMS = 0.01;
  static final double MINUTES = 3;
  static final double TIME_SIZE = 0.05;
  static final int TIME_COMPARISONS = 20;

  public CalibrationReport {
    rates = List.copyOf(rates);
    targets = List.copyOf(targets);
    findings = List.copyOf(findings);
  }

  static CalibrationReport of(List<FindingClaim> claims, CalibrationData data) {
    Map<String, List<CalibrationComparison>> measured = new LinkedHashMap<>();
    data.comparisons().stream().filter(CalibrationComparison::measured)
        .forEach(c -> measured.computeIfAbsent(c.series(), s -> new ArrayList<>()).add(c));
    Map<String, List<CalibrationJudgement>> bySeriesAndMetric = new LinkedHashMap<>();
    data.judgements().stream()
        .filter(j -> measured.getOrDefault(j.series(), List.of()).stream().anyMatch(c -> c.number() == j.number()))
        .forEach(j -> bySeriesAndMetric.computeIfAbsent(j.series() + "\u0000" + j.metric(), k -> new ArrayList<>())
            .add(j));
    List<CalibrationRate> rates = new ArrayList<>();
    bySeriesAndMetric.values().forEach(judgements -> rates.add(
        CalibrationRate.of(judgements, measured.get(judgements.getFirst().series()))));
    int failed = (int) data.comparisons().stream().filter(c -> !c.measured()).count();
    return new CalibrationReport(rates, List.of(counterTarget(rates), timeTarget(rates)),
        CalibrationFindings.judge(claims, rates), failed);
  }

  private static CalibrationTarget counterTarget(List<CalibrationRate> rates) {
    String target = String.format(Locale.ROOT, "a %s injected increase in %s caught in ≥ %s of comparisons at ≤ %s"
        + " false alarms, ≤ %.0f min a comparison", Percent.of(COUNTER_SIZE), COUNTER.key(), Percent.of(DETECTION),
        Percent.of(FALSE_ALARMS), MINUTES);
    Optional<CalibrationRate> detected = find(rates, InjectedWork.CLASSES, COUNTER_SIZE, COUNTER);
    Optional<CalibrationRate> alarms = find(rates, InjectedWork.NONE, 0, COUNTER);
    if (detected.isEmpty() || alarms.isEmpty()) {
      return new CalibrationTarget(target, CalibrationTarget.Status.NOT_YET_KNOWN, "needs the A/A series and the "
          + "classes " + Percent.of(COUNTER_SIZE) + " series" + (detected.isEmpty() ? "; no classes-3% comparison" : "")
          + (alarms.isEmpty() ? "; no A/A comparison" : ""));
    }
    CalibrationRate d = detected.get();
    CalibrationRate a = alarms.get();
    boolean met = d.rate() >= DETECTION && a.rate() <= FALSE_ALARMS && d.medianMinutes() <= MINUTES;
    // The intervals say whether the counts already prove it: a rate of 0 of 20 still allows 16 %.
    boolean proven = d.rateLower() >= DETECTION && a.rateUpper() <= FALSE_ALARMS;
    String measured = String.format(Locale.ROOT, "caught %d of %d (%s, 95 %% interval %s–%s); false alarms %d of %d"
        + " (%s, interval %s–%s); the largest A/A pair change %s against a margin of %s; %.1f min a comparison"
        + " (median)", d.fired(), d.comparisons(), Percent.of(d.rate()), Percent.of(d.rateLower()),
        Percent.of(d.rateUpper()), a.fired(), a.comparisons(), Percent.of(a.rate()), Percent.of(a.rateLower()),
        Percent.of(a.rateUpper()), Percent.of(a.largestPairChange()), Percent.of(a.threshold() / 2), d.medianMinutes());
    CalibrationTarget.Status status = met ? CalibrationTarget.Status.MET : CalibrationTarget.Status.NOT_MET;
    return new CalibrationTarget(target, status, measured + (met && !proven
        ? "; met by the rates, and the intervals are too wide yet to prove it: more comparisons narrow them" : ""));
  }

  private static CalibrationTarget timeTarget(List<CalibrationRate> rates) {
    String target = String.format(Locale.ROOT, "wall time: the %s row (CPU work injected) over ≥ %d comparisons, with"
        + " its interval", Percent.of(TIME_SIZE), TIME_COMPARISONS);
    Optional<CalibrationRate> row = find(rates, InjectedWork.CPU, TIME_SIZE, Metric.TIME_TO_FIRST_OK_MILLIS);
    if (row.isEmpty()) {
      return new CalibrationTarget(target, CalibrationTarget.Status.NOT_YET_KNOWN, "no cpu-5% comparison yet");
    }
    CalibrationRate r = row.get();
    String measured = String.format(Locale.ROOT, "caught %d of %d (%s, 95 %% interval %s–%s), %.1f min a comparison"
        + " (median)", r.fired(), r.comparisons(), Percent.of(r.rate()), Percent.of(r.rateLower()),
        Percent.of(r.rateUpper()), r.medianMinutes());
    return new CalibrationTarget(target, r.comparisons() >= TIME_COMPARISONS ? CalibrationTarget.Status.MET
        : CalibrationTarget.Status.NOT_YET_KNOWN, r.comparisons() >= TIME_COMPARISONS ? measured
        : measured + "; " + (TIME_COMPARISONS - r.comparisons()) + " comparisons more to reach the row");
  }

  /** The rate of {@code metric} in the series of that work and size, if it has one. */
  static Optional<CalibrationRate> find(List<CalibrationRate> rates, InjectedWork injected, double size,
      Metric metric) {
    return rates.stream().filter(r -> r.injected().equals(injected.key()) && Math.abs(r.size() - size) < 1e-9
        && r.metric().equals(metric.key())).findFirst();
  }
}
