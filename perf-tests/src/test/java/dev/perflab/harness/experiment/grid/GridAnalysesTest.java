package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import dev.perflab.harness.experiment.grid.GridRow.StepOutcome;
import dev.perflab.harness.report.html.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The grid's analyses and findings on grids built by hand, whose answers are known. */
class GridAnalysesTest {

  private static final GridAnalysis SETTINGS = new GridAnalysis(10, 1.0, 20, 1000.0, null, 0.8, 0.8, null);
  private static final List<FindingClaim> CLAIMS = GridFindings.IDS.stream().map(id -> new FindingClaim(id, "the study says " + id)).toList();
  private static final List<Double> CPUS = List.of(0.25, 0.5, 0.75, 1.0);

  @Test
  void latencyThatFallsThenFlattensHasItsKneeWhereItFlattensAndAgrees() {
    GridReport report = analyse(grid(new double[] {40, 10, 9.5, 9.4}, List.of(256L, 512L)), List.of());

    assertThat(report.curves()).singleElement().satisfies(curve -> {
      assertThat(curve.kneeCpuLimitCores()).isEqualTo(0.5);
      assertThat(curve.memoryLimitMebibytes()).isEqualTo(512);
    });
    assertThat(finding(report, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(finding(report, GridFindings.CPU_KNEE).figure()).contains("knee 0.5 CPU");
  }

  /**
   * Still falling at the grid's largest limit: where the curve flattens is not on the grid. That contradicts the
   * study only once the grid reaches past the study's knee; short of it (this machine's grid ends at 1.0 CPU,
   * the study's knee is at about 2) the grid cannot reach where the claim lives.
   */
  @Test
  void latencyThatKeepsFallingIsInconclusiveUntilTheGridReachesPastTheStudysKnee() {
    List<GridRow> rows = grid(new double[] {40, 20, 10, 5}, List.of(512L));

    GridReport noStudyKnee = analyse(rows, List.of());
    GridReport studyKneeBeyond = GridAnalyses.analyse(new GridData(rows, List.of()), withStudyKnee(2), CLAIMS, List.of());
    GridReport studyKneeReached = GridAnalyses.analyse(new GridData(rows, List.of()), withStudyKnee(0.75), CLAIMS,
        List.of());

    assertThat(noStudyKnee.curves().getFirst().kneeCpuLimitCores()).isNull();
    assertThat(finding(noStudyKnee, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(studyKneeBeyond, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(studyKneeBeyond, GridFindings.CPU_KNEE).figure())
        .contains("below the study's knee at about 2.0 CPUs: the grid cannot reach where the claim lives");
    assertThat(finding(studyKneeReached, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.DISAGREE);
  }

  /** Flat from the smallest limit: the fall the study saw is not on the grid, so it is not contradicted either. */
  @Test
  void aCurveFlatFromTheSmallestLimitShowsNoFallAndIsInconclusive() {
    GridReport report = analyse(grid(new double[] {5, 4.9, 5.1, 5}, List.of(512L)), List.of());

    assertThat(report.curves().getFirst().kneeCpuLimitCores()).isEqualTo(0.25);
    assertThat(finding(report, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(report, GridFindings.CPU_KNEE).figure()).contains("a fall, if any, lies below it");
  }

  /** Quarkus's p95 at 1000/s over 0.25 / 0.5 / 0.75 / 1.0 CPU on 2026-11-25: the study's shape. */
  @Test
  void subMillisecondNoisePastTheKneeIsFlatNotLatencyStillFalling() {
    GridReport report = analyse(grid(new double[] {81.02, 0.34, 0.99, 0.38}, List.of(512L)), List.of());

    assertThat(report.curves().getFirst().kneeCpuLimitCores()).isEqualTo(0.5);
    assertThat(finding(report, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.AGREE);
  }

  @Test
  void withoutAFloorTheSameCurveHasNoKnee() {
    GridAnalysis noFloor = new GridAnalysis(10, 0.0, 20, 1000.0, null, 0.8, 0.8, null);
    List<CpuCurve.Point> curve = List.of(point(0.25, 81.02), point(0.5, 0.34), point(0.75, 0.99), point(1.0, 0.38));

    assertThat(GridAnalyses.knee(curve, noFloor)).isNull();
    assertThat(GridAnalyses.knee(curve, SETTINGS)).isEqualTo(0.5);
  }

  @Test
  void aFallTheRepetitionsThemselvesSpanIsFlat() {
    List<CpuCurve.Point> curve = List.of(point(0.25, 80), new CpuCurve.Point(0.5, 30.0, 20.0, 45.0, 3, 3),
        new CpuCurve.Point(0.75, 24.0, 22.0, 26.0, 3, 3), new CpuCurve.Point(1.0, 23.0, 22.0, 25.0, 3, 3));
    List<CpuCurve.Point> tight = List.of(point(0.25, 80), new CpuCurve.Point(0.5, 30.0, 29.0, 31.0, 3, 3),
        new CpuCurve.Point(0.75, 24.0, 23.5, 24.5, 3, 3), new CpuCurve.Point(1.0, 23.0, 22.0, 25.0, 3, 3));

    assertThat(GridAnalyses.knee(curve, SETTINGS)).as("30 -> 24 ms within 20-45 ms").isEqualTo(0.5);
    assertThat(GridAnalyses.knee(tight, SETTINGS)).as("30 -> 24 ms, repetitions within 2 ms").isEqualTo(0.75);
  }

  @Test
  void aPointThatNeverReachedTheRateIsTheSteepPartOfTheCurveNotAHole() {
    List<GridRow> rows = new ArrayList<>(grid(new double[] {0, 8, 7.9, 7.8}, List.of(512L)));
    rows.removeIf(row -> row.cpuLimitCores() == 0.25);
    rows.add(row(0.25, 512, 0, 250, 30, 60, 0.99, 0.5, StepOutcome.STOPPED));

    GridReport report = analyse(rows, List.of());

    assertThat(report.curves().getFirst().points().getFirst().p95MedianMillis()).isNull();
    assertThat(report.curves().getFirst().kneeCpuLimitCores()).isEqualTo(0.5);
    assertThat(finding(report, GridFindings.CPU_KNEE).verdict()).isEqualTo(FindingVerdict.AGREE);
  }

  /** The floor, and the memory finding: one repetition a point measures no noise, so it cannot tell. */
  @Test
  void theMemoryFloorIsAboveEveryLimitWhereAPointDied() {
    List<GridRow> rows = new ArrayList<>(grid(new double[] {5, 5, 5, 5}, List.of(192L, 256L)));
    rows.add(died(0.5, 128, StepOutcome.DIED_AT_STARTUP));
    rows.add(died(1.0, 128, StepOutcome.DIED));

    GridReport report = analyse(rows, List.of());

    assertThat(report.floors()).singleElement().satisfies(floor -> {
      assertThat(floor.floorMebibytes()).isEqualTo(192);
      assertThat(floor.deathsBelow()).contains("128 MiB: 2 of 2 died").contains("(OOM kill)");
    });
    assertThat(finding(report, GridFindings.MEMORY_UNTIL_OOM).verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding(report, GridFindings.MEMORY_UNTIL_OOM).why()).startsWith("one repetition a point");
  }

  /**
   * Two repetitions a point: a spread over the memory limits inside the repetitions' own noise does not move
   * latency; one beyond it, and beyond a quarter of the lowest p95, does (2026-11-26's 396 % read on one
   * repetition would need this to disagree).
   */
  @Test
  void withRepetitionsMemoryIsJudgedAgainstTheirNoise() {
    List<GridRow> flat = new ArrayList<>();
    List<GridRow> moved = new ArrayList<>();
    for (long memory : List.of(256L, 512L)) {
      for (int repetition = 0; repetition < 2; repetition++) {
        // Flat: 10 and 11 ms at each limit, the same at both. Moved: 10 ms at 256 MiB, 40 ms at 512 MiB.
        flat.add(rowOf(repetition, 1.0, memory, repetition == 0 ? 10 : 11));
        moved.add(rowOf(repetition, 1.0, memory, memory == 256 ? 10 + repetition : 40 + repetition));
      }
    }

    assertThat(finding(analyse(flat, List.of()), GridFindings.MEMORY_UNTIL_OOM).verdict())
        .isEqualTo(FindingVerdict.AGREE);
    assertThat(finding(analyse(moved, List.of()), GridFindings.MEMORY_UNTIL_OOM).verdict())
        .isEqualTo(FindingVerdict.DISAGREE);
    List<GridRow> noisy = flat.stream().map(row -> row.repetition() == 0 ? row
        : rowOf(1, row.cpuLimitCores(), row.memoryLimitMebibytes(), 14)).toList();
    assertThat(finding(analyse(noisy, List.of()), GridFindings.MEMORY_UNTIL_OOM).verdict())
        .as("repetitions 4 ms apart against a 3 ms allowance: cannot tell").isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  @Test
  void theRecommendedLimitsAreTheSmallestThatMeetTheObjectiveWithRoomAndSayTheMargins() {
    // p99 = 2 x p95: 0.25 CPU misses 20 ms; 0.5 CPU meets it but at relative CPU 0.9; 0.75 CPU fits.
    List<GridRow> rows = new ArrayList<>();
    rows.add(row(0.25, 256, 0, 1000, 30, 60, 0.99, 0.5, StepOutcome.MEASURED));
    rows.add(row(0.5, 256, 0, 1000, 5, 10, 0.9, 0.5, StepOutcome.MEASURED));
    rows.add(row(0.75, 192, 0, 1000, 4, 8, 0.6, 0.85, StepOutcome.MEASURED));
    rows.add(row(0.75, 256, 0, 1000, 4, 8, 0.6, 0.5, StepOutcome.MEASURED));

    GridReport report = analyse(rows, List.of());

    assertThat(report.recommended()).singleElement().satisfies(limits -> {
      assertThat(limits.cpuLimitCores()).isEqualTo(0.75);
      assertThat(limits.memoryLimitMebibytes()).isEqualTo(256);
      assertThat(limits.note()).contains("p99 12.0 ms under 20 ms").contains("relative CPU 0.20 under 0.80");
    });
  }

  @Test
  void aProfileOnTheGridThatBreaksTheRuleIsFlaggedAndOneOffItIsSaidToBe() {
    List<GridRow> rows = List.of(row(0.5, 256, 0, 1000, 5, 10, 0.9, 0.5, StepOutcome.MEASURED),
        row(1.0, 512, 0, 1000, 2, 4, 0.4, 0.5, StepOutcome.MEASURED));
    List<ResourceProfile> profiles = List.of(profile("half-cpu-256m", 0.5, 256), profile("1cpu-512m", 1.0, 512),
        profile("2cpu-2g", 2.0, 2048));

    GridReport report = analyse(rows, profiles);

    assertThat(report.profiles()).hasSize(3);
    assertThat(report.profiles().get(0).problems()).containsExactly("relative CPU 0.90 over 0.80");
    assertThat(report.profiles().get(1).flagged()).isFalse();
    assertThat(report.profiles().get(1).onGrid()).isTrue();
    assertThat(report.profiles().get(2).onGrid()).isFalse();
  }

  @Test
  void eachProfileIsReadAtItsOwnAppsRateAndOnlyForAppsOnTheGrid() {
    List<GridRow> rows = List.of(row(1.0, 512, 0, 250, 2, 4, 0.3, 0.5, StepOutcome.MEASURED),
        row(1.0, 512, 1, 1000, 5, 10, 0.9, 0.5, StepOutcome.MEASURED));
    ResourceProfile oneCpu = profile("1cpu-512m", 1.0, 512);
    List<ProfileAtRate> profiles = List.of(new ProfileAtRate("quarkus", "jvm", oneCpu, 250),
        new ProfileAtRate("quarkus", "aot", oneCpu, 250), new ProfileAtRate("petclinic", "jvm", oneCpu, 100));

    GridReport report = GridAnalyses.analyse(new GridData(rows, List.of()), SETTINGS, CLAIMS, profiles);

    assertThat(report.profiles()).singleElement().satisfies(check -> {
      assertThat(check.ratePerSecond()).isEqualTo(250);
      assertThat(check.onGrid()).isTrue();
      assertThat(check.flagged()).as("0.3 of the CPU at 250/s, though 0.9 at 1000/s").isFalse();
    });
  }

  @Test
  void secondsFallInTheirRelativeCpuBinsAndSlowOnesAtHighRelativeCpuAgree() {
    List<GridRow> rows = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rows.add(row(0.25, 256 + i, 1, 2000, 300 + i, 600, 0.97, 0.5, StepOutcome.MEASURED));
    }
    for (int i = 0; i < 4; i++) {
      rows.add(row(1.0, 256 + i, 0, 250, 2, 4, 0.1, 0.5, StepOutcome.MEASURED));
    }
    rows.add(row(1.0, 256, 1, 1000, 25, 50, 0.5, 0.5, StepOutcome.MEASURED));
    rows.add(row(1.0, 256, 2, 2000, 3, 6, 1.3, 0.5, StepOutcome.MEASURED));

    GridReport report = analyse(rows, List.of());

    assertThat(report.bins()).extracting(bin -> bin.seconds()).containsExactly(4, 0, 1, 0, 31);
    FindingResult finding = finding(report, GridFindings.HIGH_RELATIVE_CPU);
    assertThat(finding.verdict()).isEqualTo(FindingVerdict.AGREE);
    assertThat(finding.figure()).startsWith("30 of 31 measured seconds with p95 over 20.00 ms (97 %, 95 % 84–99 %)");
  }

  /** 6 of 7 slow seconds at high relative CPU is 86 %, but seven seconds leave 49–97 %: it straddles 60 %. */
  @Test
  void aShareTooFewSecondsKnowStraddlesTheClaim() {
    List<GridRow> rows = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      rows.add(row(0.25, 256 + i, 1, 2000, 300 + i, 600, 0.97, 0.5, StepOutcome.MEASURED));
    }
    for (int i = 0; i < 4; i++) {
      rows.add(row(1.0, 256 + i, 0, 250, 2, 4, 0.1, 0.5, StepOutcome.MEASURED));
    }
    rows.add(row(1.0, 256, 1, 1000, 25, 50, 0.5, 0.5, StepOutcome.MEASURED));

    FindingResult finding = finding(analyse(rows, List.of()), GridFindings.HIGH_RELATIVE_CPU);

    assertThat(finding.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding.why()).startsWith("straddles");
    assertThat(finding.figure()).startsWith("6 of 7 measured seconds with p95 over 20.00 ms (86 %, 95 % 49–97 %)");
  }

  @Test
  void tooFewSlowSecondsAreInconclusive() {
    GridReport report = analyse(grid(new double[] {40, 10, 9.5, 9.4}, List.of(512L)), List.of());

    assertThat(finding(report, GridFindings.HIGH_RELATIVE_CPU).verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
  }

  @Test
  void theSummaryLeadsWithTheFindingsAndThePageHasAHeatmap() {
    List<GridRow> rows = new ArrayList<>(grid(new double[] {40, 10, 9.5, 9.4}, List.of(256L, 512L)));
    rows.add(died(0.25, 128, StepOutcome.DIED_AT_STARTUP));
    GridReport report = analyse(rows, List.of());

    String summary = GridSummary.render("Grid", "A study.", report, costs(rows, report), rows, "Environment: here", "./mvnw -Pperf verify");
    HtmlPage page = new HtmlPage("Grid");
    GridHtml.render(page, report, costs(rows, report), rows, summary);

    assertThat(summary.indexOf("## Findings")).isPositive().isLessThan(summary.indexOf("## Recommended limits"));
    assertThat(summary.indexOf("## Cost")).isGreaterThan(summary.indexOf("## Recommended limits"));
    assertThat(summary).contains("| quarkus/jvm | recommended | 0.50 | 256 | 1000 | 0.0246 | 0.0068 | 6 | 10 | 2 | 0.2456 |");
    assertThat(summary).contains("| `" + GridFindings.CPU_KNEE + "`: the study says " + GridFindings.CPU_KNEE
        + " | **agree** |")
        .endsWith("\nEnvironment: here\n\nRe-run: `./mvnw -Pperf verify`\n");
    assertThat(page.render()).contains("\"type\":\"heatmap\"").contains("quarkus/jvm: p95 at 1000 requests/s")
        .contains("\"formatter\":\"died\"").contains("$ per million requests");
  }

  @Test
  void aClosedGridIsReadAtItsTargetConcurrencyAndItsTextsSaySo() {
    GridAnalysis atEight = new GridAnalysis(10, 1.0, 20, null, 8, 0.8, 0.8, null);
    double[] p95AtEight = {40, 10, 9.5, 9.4};
    List<GridRow> rows = new ArrayList<>();
    for (int i = 0; i < CPUS.size(); i++) {
      double cpus = CPUS.get(i);
      rows.add(row(cpus, 512, 0, null, 2, 1, 2, 0.05 / cpus, 0.5, StepOutcome.MEASURED));
      rows.add(row(cpus, 512, 1, null, 8, p95AtEight[i], 2 * p95AtEight[i], 0.15 / cpus, 0.5, StepOutcome.MEASURED));
      rows.add(row(cpus, 512, 2, null, 32, 90, 180, 0.95, 0.5, StepOutcome.STOPPED));
    }

    GridReport report = GridAnalyses.analyse(new GridData(rows, List.of()), atEight, CLAIMS, List.of());
    String summary = GridSummary.render("Grid", "A study.", report, costs(rows, report), rows, "Environment: here", "./mvnw -Pperf verify");
    HtmlPage page = new HtmlPage("Grid");
    GridHtml.render(page, report, costs(rows, report), rows, summary);

    assertThat(report.curves().getFirst().kneeCpuLimitCores()).isEqualTo(0.5);
    assertThat(report.recommended().getFirst().cpuLimitCores()).as("p99 20 ms at concurrency 8, relative CPU 0.3")
        .isEqualTo(0.5);
    assertThat(finding(report, GridFindings.CPU_KNEE).figure()).startsWith("p95 at concurrency 8 against the CPU limit");
    assertThat(summary).contains("p99 ≤ 20.00 ms at concurrency 8").contains("highest concurrency run to its end")
        .contains("Not read: the catalog drives each app at a rate").doesNotContainPattern("at \\d+ requests/s");
    // Only the costs speak of requests a second: a closed grid's throughput is what a load is sized by.
    assertThat(page.render()).contains("quarkus/jvm: p95 at concurrency 8").doesNotContainPattern("at \\d+ requests/s");
  }

  @Test
  void whenEverySecondRanNearTheLimitHighLatenciesCannotBeSaidToConcentrateThere() {
    List<GridRow> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      rows.add(row(0.25, 256 + i, 1, null, 8, 300 + i, 600, 0.99, 0.5, StepOutcome.MEASURED));
      rows.add(row(1.0, 256 + i, 1, null, 8, 5, 10, 0.97, 0.5, StepOutcome.MEASURED));
    }

    FindingResult finding = finding(analyse(rows, List.of()), GridFindings.HIGH_RELATIVE_CPU);

    assertThat(finding.verdict()).isEqualTo(FindingVerdict.INCONCLUSIVE);
    assertThat(finding.why()).isEqualTo("0 second(s) of all ran below a relative CPU of 0.8: nothing to contrast the"
        + " slow ones with");
    assertThat(finding.figure()).startsWith("8 of 8 measured seconds with p95 over 20.00 ms (100 %, 95 % 68–100 %)");
  }

  @Test
  void withRelativeCpuNotJudgedAPointAtItsLimitIsRecommendedOnItsLatencyAndMemory() {
    GridAnalysis notJudged = new GridAnalysis(10, 1.0, 100, null, 8, null, 0.8, null);
    List<GridRow> rows = new ArrayList<>();
    double[] p99 = {120, 99.9, 60, 40};
    for (int i = 0; i < CPUS.size(); i++) {
      rows.add(row(CPUS.get(i), 512, 0, null, 8, p99[i] / 2, p99[i], 1.0015, 0.35, StepOutcome.MEASURED));
    }

    GridReport report = GridAnalyses.analyse(new GridData(rows, List.of()), notJudged, CLAIMS, List.of());
    String summary = GridSummary.render("Grid", "A study.", report, costs(rows, report), rows, "Environment: here", "./mvnw -Pperf verify");

    assertThat(report.recommended().getFirst().cpuLimitCores()).isEqualTo(0.5);
    assertThat(report.recommended().getFirst().note()).isEqualTo("margins: p99 0.1 ms under 100 ms, relative memory"
        + " 0.45 under 0.80");
    assertThat(summary).contains("meets p99 ≤ 100 ms at concurrency 8 with relative memory ≤ 0.80; relative CPU not"
        + " judged (medians over repetitions)");
  }

  /** One repetition of every CPU limit at each memory limit, p95 at 1000/s as given (p99 twice it), relative CPU 1 / (4 cpus). */
  private static List<GridRow> grid(double[] p95AtTarget, List<Long> memories) {
    List<GridRow> rows = new ArrayList<>();
    for (long memory : memories) {
      for (int i = 0; i < CPUS.size(); i++) {
        double cpus = CPUS.get(i);
        rows.add(row(cpus, memory, 0, 250, 1, 2, 0.05 / cpus, 0.5, StepOutcome.MEASURED));
        rows.add(row(cpus, memory, 1, 1000, p95AtTarget[i], 2 * p95AtTarget[i], 0.15 / cpus, 0.5, StepOutcome.MEASURED));
      }
    }
    return rows;
  }

  private static GridRow row(double cpus, long memory, int step, double rate, double p95, double p99, double relativeCpu,
      double relativeMemory, StepOutcome outcome) {
    return row(cpus, memory, step, rate, null, p95, p99, relativeCpu, relativeMemory, outcome);
  }

  /** A row of an open step ({@code rate}) or of a closed one ({@code concurrency}), the other null. */
  private static GridRow row(double cpus, long memory, int step, Double rate, Integer concurrency, double p95, double p99,
      double relativeCpu, double relativeMemory, StepOutcome outcome) {
    double level = rate != null ? rate : concurrency;
    return GridRow.builder("quarkus", "jvm", cpus, memory, 0).timeToFirstOkMillis(3000.0).cpuUntilReadySeconds(2.0)
        .jvmMaxHeapBytes(128L << 20).jvmGc("Serial").jvmActiveProcessors(1).step(step).offeredRatePerSecond(rate)
        .concurrency(concurrency).achievedRatePerSecond(level).requests((long) level * 4).errors(0L)
        .p50Millis(p95 / 4).p95Millis(p95).p99Millis(p99)
        .relativeCpuMean(relativeCpu).relativeCpuMax(relativeCpu).relativeMemoryMean(relativeMemory)
        .relativeMemoryMax(relativeMemory).throttledPeriodsRatio(0.0).throttledMillis(0.0).gcPauseShare(0.0)
        .driverLagP99Micros(100L).lastMemoryBytes((long) (relativeMemory * (memory << 20))).outcome(outcome)
        .failure(outcome == StepOutcome.STOPPED ? "stopped" : null)
        .build();
  }

  /** A measured open step at the target rate of repetition {@code repetition}. */
  private static GridRow rowOf(int repetition, double cpus, long memory, double p95) {
    return GridRow.builder("quarkus", "jvm", cpus, memory, repetition).timeToFirstOkMillis(3000.0)
        .cpuUntilReadySeconds(2.0).step(0).offeredRatePerSecond(1000.0).achievedRatePerSecond(1000.0).requests(4000L)
        .errors(0L).p50Millis(p95 / 4).p95Millis(p95).p99Millis(2 * p95).relativeCpuMean(0.5).relativeCpuMax(0.5)
        .relativeMemoryMean(0.5).relativeMemoryMax(0.5).throttledPeriodsRatio(0.0).throttledMillis(0.0)
        .gcPauseShare(0.0).driverLagP99Micros(100L).lastMemoryBytes(memory << 19).outcome(StepOutcome.MEASURED).build();
  }

  private static GridAnalysis withStudyKnee(double cpus) {
    return new GridAnalysis(10, 1.0, 20, 1000.0, null, 0.8, 0.8, new StudyFigure(cpus, "a test"));
  }

  private static GridRow died(double cpus, long memory, StepOutcome outcome) {
    return GridRow.builder("quarkus", "jvm", cpus, memory, 0).oomKills(1).outcome(outcome)
        .failure("killed by the kernel OOM killer\nlog").build();
  }

  private static ResourceProfile profile(String name, double cpus, long memory) {
    return new ResourceProfile(name, CpuLimit.cores(cpus), memory);
  }

  /** Each measured step stands for one second of itself, at its p95 and mean relative CPU. */
  private static GridReport analyse(List<GridRow> rows, List<ResourceProfile> profiles) {
    List<GridSecond> seconds = rows.stream().filter(GridRow::measured)
        .map(row -> new GridSecond(row.app(), row.mode(), row.cpuLimitCores(), row.memoryLimitMebibytes(),
            row.repetition(), row.step(), row.offeredRatePerSecond(), row.concurrency(), 0, row.requests(), row.p50Millis(),
            row.p95Millis(), row.p99Millis(), row.relativeCpuMean(), row.relativeMemoryMax(), 0.0))
        .toList();
    return GridAnalyses.analyse(new GridData(rows, seconds), SETTINGS, CLAIMS,
        profiles.stream().map(profile -> new ProfileAtRate("quarkus", "jvm", profile, 1000)).toList());
  }

  private static CostReport costs(List<GridRow> rows, GridReport report) {
    return GridCosts.reckon(new GridData(rows, List.of()), report, CostModel.THESIS);
  }

  private static CpuCurve.Point point(double cpus, double p95) {
    return new CpuCurve.Point(cpus, p95, p95, p95, 1, 1);
  }

  private static FindingResult finding(GridReport report, String id) {
    return report.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow();
  }
}
