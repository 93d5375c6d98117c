package dev.perflab.harness.experiment.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class CalibrationReportTest {

  private static final String CLASSES = "classesLoadedAtFirstOk";
  private static final String TIME = "timeToFirstOkMillis";

  private static List<FindingClaim> claims() {
    return List.of(new FindingClaim(CalibrationFindings.COUNTING_SEES_MORE, "counting sees what timing cannot"));
  }

  /** {@code n} measured comparisons of a series, the first {@code fired} of them with {@code verdict} on the metric. */
  private static CalibrationData series(InjectedWork injected, double size, String metric, int n, int fired,
      String verdict, double minutes) {
    String name = new CalibrationSeries(injected, size, n, 6, 3).name();
    List<CalibrationComparison> comparisons = new ArrayList<>();
    List<CalibrationJudgement> judgements = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      comparisons.add(new CalibrationComparison(name, injected.key(), size, i, "a", "b", 0, null, 6, "MOST_PAIRS",
          minutes, null));
      judgements.add(new CalibrationJudgement(name, injected.key(), size, i, metric, 0.02, 1 + size, 1, 1.1, 0.969,
          i <= fired ? verdict : "NO_CHANGE", 100, 100 * (1 + size), 6, 0.001 * i));
    }
    return new CalibrationData(comparisons, judgements);
  }

  @Test
  void aaCountsEitherVerdictAsAFalseAlarmAndInjectedOnlyRegressions() {
    CalibrationReport report = CalibrationReport.of(claims(), series(InjectedWork.NONE, 0, CLASSES, 20, 1, "IMPROVEMENT", 1)
        .plus(series(InjectedWork.CLASSES, 0.03, CLASSES, 20, 2, "IMPROVEMENT", 1)));

    CalibrationRate aa = report.rates().getFirst();
    assertThat(aa.fired()).isEqualTo(1);
    assertThat(aa.rate()).isEqualTo(0.05);
    // Wilson 95 % for 1 of 20.
    assertThat(aa.rateLower()).isCloseTo(0.0089, Offset.offset(0.0005));
    assertThat(aa.rateUpper()).isCloseTo(0.2361, Offset.offset(0.0005));
    assertThat(aa.largestPairChange()).isCloseTo(0.02, Offset.offset(1e-9));
    assertThat(report.rates().get(1).fired()).as("improvements do not detect a regression").isZero();
  }

  @Test
  void theCounterTargetIsMetByTheRatesAndSaysWhenTheIntervalsCannotProveItYet() {
    CalibrationReport report = CalibrationReport.of(claims(), series(InjectedWork.NONE, 0, CLASSES, 20, 0, "REGRESSION", 1.1)
        .plus(series(InjectedWork.CLASSES, 0.03, CLASSES, 20, 20, "REGRESSION", 1.2)));

    CalibrationTarget counter = report.targets().getFirst();
    assertThat(counter.status()).isEqualTo(CalibrationTarget.Status.MET);
    assertThat(counter.measured()).contains("caught 20 of 20", "false alarms 0 of 20", "too wide yet to prove it");
    assertThat(report.targets().get(1).status()).isEqualTo(CalibrationTarget.Status.NOT_YET_KNOWN);
  }

  @Test
  void theCounterTargetIsMissedByTooFewDetectionsOrTooLongAComparison() {
    CalibrationData aa = series(InjectedWork.NONE, 0, CLASSES, 20, 0, "REGRESSION", 1);
    assertThat(CalibrationReport.of(claims(), aa.plus(series(InjectedWork.CLASSES, 0.03, CLASSES, 20, 18, "REGRESSION", 1)))
        .targets().getFirst().status()).isEqualTo(CalibrationTarget.Status.NOT_MET);
    assertThat(CalibrationReport.of(claims(), aa.plus(series(InjectedWork.CLASSES, 0.03, CLASSES, 20, 20, "REGRESSION", 3.5)))
        .targets().getFirst().status()).isEqualTo(CalibrationTarget.Status.NOT_MET);
    assertThat(CalibrationReport.of(claims(), aa).targets().getFirst().status())
        .isEqualTo(CalibrationTarget.Status.NOT_YET_KNOWN);
  }

  @Test
  void theWallTimeRowNeedsTwentyComparisons() {
    assertThat(CalibrationReport.of(claims(), series(InjectedWork.CPU, 0.05, TIME, 12, 9, "REGRESSION", 8)).targets().get(1))
        .satisfies(target -> {
          assertThat(target.status()).isEqualTo(CalibrationTarget.Status.NOT_YET_KNOWN);
          assertThat(target.measured()).contains("caught 9 of 12", "8 comparisons more");
        });
    assertThat(CalibrationReport.of(claims(), series(InjectedWork.CPU, 0.05, TIME, 20, 17, "REGRESSION", 8)).targets().get(1)
        .status()).isEqualTo(CalibrationTarget.Status.MET);
  }

  @Test
  void aFailedComparisonIsCountedApartAndJudgesNothing() {
    CalibrationData data = series(InjectedWork.NONE, 0, CLASSES, 3, 0, "REGRESSION", 1).plus(new CalibrationData(
        List.of(new CalibrationComparison("aa", "none", 0, 4, "a", "a", 0, null, 0, "FAILED", 0, "exit 137")),
        List.of()));

    CalibrationReport report = CalibrationReport.of(claims(), data);
    assertThat(report.failed()).isEqualTo(1);
    assertThat(report.rates().getFirst().comparisons()).isEqualTo(3);
  }

  @Test
  void countingAgreesWhenItsRateIsAboveWallTimesBeyondBothIntervals() {
    CalibrationData count = series(InjectedWork.CLASSES, 0.03, CLASSES, 20, 20, "REGRESSION", 1);
    CalibrationData caughtByTime = series(InjectedWork.CLASSES, 0.03, TIME, 20, 2, "REGRESSION", 1);
    CalibrationData alsoCaughtByTime = series(InjectedWork.CLASSES, 0.03, TIME, 20, 19, "REGRESSION", 1);

    FindingResult agrees = CalibrationReport.of(claims(), new CalibrationData(count.comparisons(),
        join(count.judgements(), caughtByTime.judgements()))).findings().getFirst();
    assertThat(agrees.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(agrees.figure()).contains("+90 points", "caught 20", "caught 2");

    FindingResult straddles = CalibrationReport.of(claims(), new CalibrationData(count.comparisons(),
        join(count.judgements(), alsoCaughtByTime.judgements()))).findings().getFirst();
    assertThat(straddles.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);

    assertThat(CalibrationReport.of(claims(), count).findings().getFirst().verdict())
        .as("no wall-time judgement").isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  private static <T> List<T> join(List<T> a, List<T> b) {
    List<T> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  @Test
  void aSeriesRefusesASizeItsWorkCannotHave() {
    assertThatThrownBy(() -> new CalibrationSeries(InjectedWork.NONE, 0.03, 20, 6, 3)).hasMessageContaining("A/A");
    assertThatThrownBy(() -> new CalibrationSeries(InjectedWork.CLASSES, 0, 20, 6, 3)).hasMessageContaining("share");
    assertThatThrownBy(() -> new CalibrationSeries(InjectedWork.CPU, 0.05, 20, 2, 3)).hasMessageContaining("mostPairs");
    assertThat(new CalibrationSeries(InjectedWork.CLASSES, 0.025, 1, 6, 3).name()).isEqualTo("classes-2.5%");
  }
}
