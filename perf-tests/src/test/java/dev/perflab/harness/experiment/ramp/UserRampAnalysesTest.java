package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.experiment.finding.FindingClaim;
import dev.perflab.harness.experiment.finding.FindingResult;
import dev.perflab.harness.experiment.finding.FindingVerdict;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ramp analyses on ramps written by hand: 10 users a second, throughput and CPU as each variant's law says. */
class UserRampAnalysesTest {

  private static final UserRampAnalysis THESIS = new UserRampAnalysis("blocking", "reactive", new StudyFigure(3.5, "a test"),
      new StudyFigure(1.4, "a test"), 500, new StudyFigure(0.33, "a test"));
  private static final List<FindingClaim> CLAIMS = List.of(
      new FindingClaim(UserRampFindings.PEAK, "3.5 times the peak"),
      new FindingClaim(UserRampFindings.USERS_AT_FAILURE, "1.4 times the users"),
      new FindingClaim(UserRampFindings.CPU_AT_USERS, "a third of the CPU at 500 users"));

  /**
   * Blocking: answers grow with users up to 400/s, CPU 0.002 a user; fails at 100 s (1,000 users).
   * Reactive: up to 1,400/s, CPU 0.00066 a user; fails at 140 s (1,400 users). Ratios 3.5, 1.4, 0.33.
   */
  @Test
  void theStudysRatiosAgree() {
    List<RampRow> rows = new ArrayList<>();
    for (int repetition = 0; repetition < 3; repetition++) {
      rows.addAll(ramp("blocking", repetition, 400, 0.002, 100 + repetition));
      rows.addAll(ramp("reactive", repetition, 1400, 0.00066, 140 + repetition));
    }

    UserRampReport report = UserRampAnalyses.analyse(new UserRampData(rows), List.of(500), THESIS, CLAIMS, Map.of());

    assertThat(report.findings()).extracting(FindingResult::verdict).containsOnly(FindingVerdict.AGREE);
    RampVariant blocking = report.variants().getFirst();
    assertThat(blocking.peakThroughputPerSecond()).isCloseTo(400, within(1.0));
    assertThat(blocking.usersAtFailure()).isEqualTo(1010);
    assertThat(blocking.secondsToFailure()).isEqualTo(101);
    assertThat(blocking.failedRamps()).isEqualTo(3);
    // CPU 0.002 a user reaches 0.9 at 450 users, 45 s in.
    assertThat(blocking.secondsToCpu90()).isEqualTo(45);
    RampVariant.AtUsers at500 = blocking.atUsers().getFirst();
    assertThat(at500.relativeCpu()).isCloseTo(1.0, within(0.05));
  }

  /** Reactive no better than blocking: each ratio near 1 disagrees with the study. */
  @Test
  void noGainDisagrees() {
    List<RampRow> rows = new ArrayList<>();
    for (int repetition = 0; repetition < 3; repetition++) {
      rows.addAll(ramp("blocking", repetition, 400, 0.001, 100 + repetition));
      rows.addAll(ramp("reactive", repetition, 410, 0.001, 101 + repetition));
    }

    UserRampReport report = UserRampAnalyses.analyse(new UserRampData(rows), List.of(500), THESIS, CLAIMS, Map.of());

    assertThat(report.findings()).extracting(FindingResult::verdict).containsOnly(FindingVerdict.DISAGREE);
  }

  /** Two ramps a side, or a variant that never failed: too little to tell. */
  @Test
  void tooFewRampsOrNoFailureAreInconclusive() {
    List<RampRow> rows = new ArrayList<>();
    for (int repetition = 0; repetition < 2; repetition++) {
      rows.addAll(ramp("blocking", repetition, 400, 0.002, 100));
      rows.addAll(ramp("reactive", repetition, 1400, 0.00066, 140));
    }

    UserRampReport report = UserRampAnalyses.analyse(new UserRampData(rows), List.of(500), THESIS, CLAIMS, Map.of());

    assertThat(report.findings()).extracting(FindingResult::verdict).containsOnly(FindingVerdict.INCONCLUSIVE);
  }

  /**
   * A plateau at 500 users for 20 s, its CPU falling from 0.9 to 0.4 as the JIT's work is done: at 500 users the
   * ramp reads the plateau's last five seconds (0.4), not the five as it reached 500 (0.9); at 100 users, passed on
   * the way up, it reads as before.
   */
  @Test
  void atThePlateausCountTheFiguresAreReadAtItsEnd() {
    List<RampRow> rows = new ArrayList<>();
    int second = 0;
    for (int users = 10; users < 500; users += 10) {
      rows.add(row(second++, RampRow.RAMP, users, 0.2));
    }
    for (int held = 0; held < 20; held++) {
      rows.add(row(second++, RampRow.PLATEAU, 500, held < 10 ? 0.9 : 0.4));
    }
    for (int users = 510; users <= 600; users += 10) {
      rows.add(row(second++, RampRow.RAMP, users, 0.5));
    }

    UserRampAnalyses.Ramp ramp = UserRampAnalyses.ramp(rows, List.of(100, 500));

    assertThat(ramp.atUsers().get(500).relativeCpu()).isCloseTo(0.4, within(1e-9));
    assertThat(ramp.atUsers().get(100).relativeCpu()).isCloseTo(0.2, within(1e-9));
  }

  private static RampRow row(int second, String phase, int users, double relativeCpu) {
    return new RampRow("blocking", "jvm", 0, second, phase, users, users, 0, 100.0, 150.0, 200.0, 150.0, 0.0, false,
        0, 1.0, relativeCpu, 300L << 20, 0.05, 1.5, null, null, null, null);
  }

  /**
   * One ramp: 10 users a second; answers a second grow 1 per user up to {@code peak}; CPU {@code cpuPerUser}
   * a user up to 1.0; it ends on its p95 limit after {@code seconds} seconds.
   */
  private static List<RampRow> ramp(String app, int repetition, int peak, double cpuPerUser, int seconds) {
    List<RampRow> rows = new ArrayList<>();
    for (int second = 0; second < seconds; second++) {
      int users = 10 * (second + 1);
      boolean last = second == seconds - 1;
      rows.add(new RampRow(app, "jvm", repetition, second, RampRow.RAMP, users, Math.min(users, peak), 0, 100.0, 150.0,
          200.0,
          150.0, 0.0, false, 0, 1.0, Math.min(1.0, users * cpuPerUser), 300L << 20, 0.05, 1.5,
          last ? "p95 since the ramp's start 2100 ms > 2000 ms" : null, last ? true : null, null, null));
    }
    return rows;
  }
}
