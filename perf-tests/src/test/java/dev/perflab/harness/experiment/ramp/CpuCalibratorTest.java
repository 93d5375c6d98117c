package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** The CPU calibration's rounds on a fake app whose CPU at the users is a function of its limit. */
class CpuCalibratorTest {

  private static final CpuCalibration THESIS = new CpuCalibration(500, new StudyFigure(0.95, "a test"), 0.03, 120,
      30, 3);
  private static final String WHERE = "experiments/user-ramp.yaml, userRamp.scales.default.cpuCalibration";
  private static final CpuLimit ONE_CPU = CpuLimit.cores(1.0);

  /** 0.35 of a core whatever the limit, as the blocking app used at 1 CPU: 0.35 / 0.95 = 0.368, read at 0.951. */
  @Test
  void anAppWhoseCpuDoesNotMoveWithTheLimitSettlesInTwoRounds() throws InterruptedException {
    List<Integer> recorded = new ArrayList<>();

    CpuCalibrator.Outcome outcome = CpuCalibrator.calibrate(THESIS, ONE_CPU, WHERE, app(limit -> 0.35),
        rounds -> recorded.add(rounds.size()));

    assertThat(outcome.refused()).isFalse();
    assertThat(outcome.cpuLimitCores()).isEqualTo(0.368);
    assertThat(outcome.rounds()).extracting(CpuCalibrationRound::cpuLimitCores).containsExactly(1.0, 0.368);
    assertThat(outcome.rounds().getLast().relativeCpu()).isBetween(0.95, 0.952);
    assertThat(recorded).as("the rounds written after each").containsExactly(1, 2);
  }

  /**
   * A JVM that spends more under a tighter limit (0.33 of a core and 0.01 / limit more, never above the limit): the
   * second round's limit, 0.358, is taken whole (1.00 of it), the third, 0.377, reads 0.95.
   */
  @Test
  void anAppThatSpendsMoreUnderATighterLimitTakesMoreRounds() throws InterruptedException {
    CpuCalibrator.Outcome outcome = CpuCalibrator.calibrate(THESIS, ONE_CPU, WHERE,
        app(limit -> Math.min(limit, 0.33 + 0.01 / limit)), rounds -> {});

    assertThat(outcome.rounds()).extracting(CpuCalibrationRound::cpuLimitCores).containsExactly(1.0, 0.358, 0.377);
    assertThat(outcome.rounds().get(1).relativeCpu()).isCloseTo(1.0, within(0.001));
    assertThat(outcome.cpuLimitCores()).isEqualTo(0.377);
  }

  /** Whatever its limit, the app takes all of it (a JVM compiling through the whole read): refused, rounds kept. */
  @Test
  void aCalibrationThatDoesNotSettleWithinItsRoundsIsRefused() throws InterruptedException {
    CpuCalibrator.Outcome outcome = CpuCalibrator.calibrate(THESIS, ONE_CPU, WHERE,
        app(limit -> limit >= 1.0 ? 0.35 : limit), rounds -> {});

    assertThat(outcome.cpuLimitCores()).isNull();
    assertThat(outcome.rounds()).hasSize(3);
    assertThat(outcome.refusal()).isEqualTo("CPU calibration refused: it did not settle within 0.95 ± 0.03 of the"
        + " limit in 3 rounds (1.0 CPU read 0.35, 0.368 CPU read 1.00, 0.387 CPU read 1.00); give it more 'rounds', a"
        + " wider 'relativeCpuTolerance', or a longer 'warmupSeconds' (a JVM still compiling reads high) (" + WHERE
        + ")");
  }

  @Test
  void anAppCpuBoundAtTheFilesLimitAlreadyIsRefused() throws InterruptedException {
    CpuCalibrator.Outcome outcome = CpuCalibrator.calibrate(THESIS, ONE_CPU, WHERE, app(limit -> limit),
        rounds -> {});

    assertThat(outcome.rounds()).hasSize(1);
    assertThat(outcome.refusal()).startsWith("CPU calibration refused: at 1.0 CPU the blocking app used 1.00 of it at"
        + " 500 users, above the target 0.95 ± 0.03, and the limit that would bring it there lies above the file's"
        + " 1.0 CPU").endsWith("raise 'userRamp.cpus' or lower 'users' (" + WHERE + ")");
  }

  @Test
  void aRoundThatReadNothingEndsTheCalibration() throws InterruptedException {
    CpuCalibrator.Outcome outcome = CpuCalibrator.calibrate(THESIS, ONE_CPU, WHERE, (round, limit) ->
        CpuCalibrationRound.failed(round, limit.cores(), THESIS, "spring-boot's container did not start: exit 137"),
        rounds -> {});

    assertThat(outcome.refusal()).isEqualTo("CPU calibration refused: round 1 at 1.0 CPU read no CPU: spring-boot's"
        + " container did not start: exit 137 (" + WHERE + ")");
  }

  /** A round reading {@code cpuCores.applyAsDouble(limit)} cores. */
  private static CpuCalibrator.Round app(DoubleUnaryOperator cpuCores) {
    return (round, limit) -> {
      double cores = cpuCores.applyAsDouble(limit.cores());
      return new CpuCalibrationRound(round, limit.cores(), THESIS.users(), THESIS.warmupSeconds(), THESIS.seconds(),
          cores, cores / limit.cores(), 830.0, 120.0, 0, null);
    };
  }
}
