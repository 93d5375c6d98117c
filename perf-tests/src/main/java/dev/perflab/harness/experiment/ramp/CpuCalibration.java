package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.StudyFigure;

/**
 * A scale's {@code cpuCalibration}: the CPU limit at which the blocking app is CPU-bound as the study's was,
 * found before the ramps and then given to every variant (one limit for all: the fairness rule). Each round
 * runs the blocking variant in a fresh container at a limit, {@code users} closed users for
 * {@code warmupSeconds} and then {@code seconds} more, and reads its CPU over those; the next limit is the one at
 * which that CPU would be {@code targetRelativeCpu} of it ({@link CpuCalibrator}).
 *
 * @param users the users of a round (the study's CPU figure is at 500)
 * @param targetRelativeCpu the study's blocking app's CPU over its limit at {@code users}
 * @param relativeCpuTolerance a round whose CPU over its limit lies within this of the target ends the calibration
 * @param warmupSeconds how long a round's users run before its CPU is read: the JIT compiles what they run,
 *     as the ramp's plateau lets it before its CPU is read
 * @param seconds how long the CPU is read after
 * @param rounds at most this many; a calibration not within the tolerance by then is refused
 */
public record CpuCalibration(int users, StudyFigure targetRelativeCpu, double relativeCpuTolerance,
    int warmupSeconds, int seconds, int rounds) {

  public CpuCalibration {
    required(targetRelativeCpu, "targetRelativeCpu");
    if (users < 1 || warmupSeconds < 0 || seconds < 1 || rounds < 1) {
      throw new IllegalArgumentException("a CPU calibration needs at least 1 user, 'warmupSeconds' of 0 or more,"
          + " 'seconds' and 'rounds' of at least 1; got " + users + ", " + warmupSeconds + ", " + seconds + " and "
          + rounds);
    }
    if (!(targetRelativeCpu.value() > 0 && targetRelativeCpu.value() <= 1)) {
      throw new IllegalArgumentException("'targetRelativeCpu' is a share of the limit, above 0 and at most 1; got "
          + targetRelativeCpu.value());
    }
    if (!(relativeCpuTolerance > 0 && relativeCpuTolerance < targetRelativeCpu.value())) {
      throw new IllegalArgumentException("'relativeCpuTolerance' must lie above 0 and below the target ("
          + targetRelativeCpu.value() + "); got " + relativeCpuTolerance);
    }
  }

  /** A round's seconds with its users, the container's start not counted. */
  public int roundSeconds() {
    return warmupSeconds + seconds;
  }
}
