package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.CpuLimit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The CPU limit at which the blocking app uses {@code targetRelativeCpu} of it at the calibration's users: the
 * first round at the file's limit (the ceiling: the calibration only tightens it), each next one at the CPU the
 * last read over the target, until a round reads within the tolerance of the target. Where the app's CPU at its
 * users does not depend on the limit that is one step; it does somewhat (a JVM compiling or collecting under a
 * tighter limit spends more of it), so the rounds go on while it moves. A calibration that does not settle
 * within its rounds, or that needs more than the ceiling, is refused, its rounds kept for the reader.
 */
final class CpuCalibrator {

  /** One round: the blocking app in a fresh container at {@code limit}, its CPU read at the users. */
  @FunctionalInterface
  interface Round {
    CpuCalibrationRound run(int round, CpuLimit limit) throws InterruptedException;
  }

  /**
   * The rounds, and the limit they found or why there is none.
   *
   * @param cpuLimitCores the limit every variant runs at; null when refused
   * @param refusal why the ramps cannot run at a calibrated limit; null when there is one
   */
  record Outcome(List<CpuCalibrationRound> rounds, Double cpuLimitCores, String refusal) {

    Outcome {
      rounds = List.copyOf(rounds);
    }

    boolean refused() {
      return refusal != null;
    }
  }

  private CpuCalibrator() {}

  /**
   * @param ceiling the file's {@code cpus}: the first round's limit and the loosest any may take
   * @param where the block in the file, for a refusal:
   *     "experiments/user-ramp.yaml, userRamp.scales.default.cpuCalibration"
   * @param afterEach told the rounds so far after each, so a killed run's report holds them
   */
  static Outcome calibrate(CpuCalibration settings, CpuLimit ceiling, String where, Round round,
      Consumer<List<CpuCalibrationRound>> afterEach) throws InterruptedException {
    double target = settings.targetRelativeCpu().value();
    List<CpuCalibrationRound> rounds = new ArrayList<>();
    CpuLimit limit = ceiling;
    for (int number = 1; number <= settings.rounds(); number++) {
      CpuCalibrationRound read = round.run(number, limit);
      rounds.add(read);
      afterEach.accept(List.copyOf(rounds));
      if (read.failure() != null || read.cpuCores() == null || !(read.cpuCores() > 0)) {
        return refused(rounds, "round " + number + " at " + limit + " read no CPU: "
            + (read.failure() != null ? read.failure() : "the container used none") + " (" + where + ")");
      }
      double relative = read.cpuCores() / limit.cores();
      if (Math.abs(relative - target) <= settings.relativeCpuTolerance()) {
        return new Outcome(rounds, limit.cores(), null);
      }
      CpuLimit next = new CpuLimit(Math.max(1, Math.round(read.cpuCores() / target * 1000)));
      if (next.millicores() > ceiling.millicores()) {
        return refused(rounds, String.format(Locale.ROOT, "at %s the blocking app used %.2f of it at %d users, above"
            + " the target %.2f ± %.2f, and the limit that would bring it there lies above the file's %s, which the"
            + " calibration does not loosen; raise 'userRamp.cpus' or lower 'users' (%s)", limit, relative,
            settings.users(), target, settings.relativeCpuTolerance(), ceiling, where));
      }
      if (next.equals(limit)) {
        return refused(rounds, String.format(Locale.ROOT, "round %d at %s read %.3f of it, outside %.2f ± %.2f, and"
            + " the next limit rounds to the same thousandth of a core; widen 'relativeCpuTolerance' (%s)", number,
            limit, relative, target, settings.relativeCpuTolerance(), where));
      }
      limit = next;
    }
    return refused(rounds, String.format(Locale.ROOT, "it did not settle within %.2f ± %.2f of the limit in %d rounds"
        + " (%s); give it more 'rounds', a wider 'relativeCpuTolerance', or a longer 'warmupSeconds' (a JVM still"
        + " compiling reads high) (%s)", target, settings.relativeCpuTolerance(), settings.rounds(),
        rounds.stream().map(CpuCalibrator::reading).collect(Collectors.joining(", ")), where));
  }

  /** "0.368 CPU read 1.00". */
  static String reading(CpuCalibrationRound round) {
    return round.relativeCpu() == null ? round.cpuLimitCores() + " CPU read nothing"
        : String.format(Locale.ROOT, "%s CPU read %.2f", round.cpuLimitCores(), round.relativeCpu());
  }

  private static Outcome refused(List<CpuCalibrationRound> rounds, String why) {
    return new Outcome(rounds, null, "CPU calibration refused: " + why);
  }
}
