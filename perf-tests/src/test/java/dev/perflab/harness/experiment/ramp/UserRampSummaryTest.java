package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary says how the CPU limit was found, round by round, and stops there when it was refused. */
class UserRampSummaryTest {

  private static final CpuCalibration CALIBRATION = new CpuCalibration(500, new StudyFigure(0.95, "the thesis"),
      0.03, 120, 30, 3);
  private static final UserRampScale SCALE = new UserRampScale(
      List.of(new RampVariantSpec("blocking", "spring-boot", "jvm", null, null)), CALIBRATION,
      new RampSettings(10, 5, 5000, 500, 10, 2000, 0.01, 1000, 10_000, 500, 300), 1);
  private static final List<CpuCalibrationRound> ROUNDS = List.of(
      new CpuCalibrationRound(1, 1.0, 500, 120, 30, 0.35, 0.35, 830.0, 110.0, 0, null),
      new CpuCalibrationRound(2, 0.368, 500, 120, 30, 0.35, 0.951, 826.0, 140.0, 0, null));

  @Test
  void aCalibratedLimitIsShownWithItsRoundsAndEveryVariantRunsAtIt() {
    String md = UserRampSummary.render("a ramp", "a study", new UserRampReport(List.of(), List.of()), SCALE,
        List.of(500), new CpuCalibrator.Outcome(ROUNDS, 0.368, null), "here", "./mvnw");

    assertThat(md).contains("## The CPU limit").contains("the next limit is the CPU read over the target 0.95 of the"
        + " limit (the thesis), until a round reads within 0.03 of it. **Every variant ran at 0.368 CPU**")
        .contains("| 2 | 0.368 CPU | 500 | 120, 30 | 0.350 | 0.95 | 826 | 140 | 0 |")
        .contains("## What bound each peak").contains("up to 5,000, never fewer than the users")
        .contains("The stop rule, judged from second 10: the p95 of every answer since the ramp's start over 2000 ms");
  }

  @Test
  void aRefusedCalibrationEndsTheSummaryWithWhy() {
    String md = UserRampSummary.render("a ramp", "a study", new UserRampReport(List.of(), List.of()), SCALE,
        List.of(500), new CpuCalibrator.Outcome(ROUNDS, null, "CPU calibration refused: it did not settle"), "here",
        "./mvnw");

    assertThat(md).contains("**CPU calibration refused: it did not settle**; no ramp ran.")
        .doesNotContain("## Each variant");
  }
}
