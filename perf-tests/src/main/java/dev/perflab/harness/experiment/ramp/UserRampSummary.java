package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.KindReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A user-ramp experiment's summary.md: findings first, then the CPU limit and how it was found, each variant, what
 * bound each peak, and how each ramp ended.
 */
final class UserRampSummary {

  private UserRampSummary() {}

  /** @param plateauUsers the plateau's users, whose column is read at the plateau's end; null without one */
  static List<String> columns(List<Integer> atUsers, Integer plateauUsers) {
    List<String> columns = new ArrayList<>(List.of("variant", "ramps", "ended on a limit", "peak answers/s",
        "users at failure", "s to failure", "s to CPU at 90 %"));
    atUsers.forEach(users -> columns.add("CPU/limit, MiB at " + users + " users"
        + (Integer.valueOf(users).equals(plateauUsers) ? " (plateau's end)" : "")));
    columns.addAll(List.of("driver-paced s", "stub busiest s, cores", "stub answer p95 ms"));
    return columns;
  }

  static List<String> cells(RampVariant variant) {
    List<String> cells = new ArrayList<>(List.of(variant.label(),
        variant.ramps() + (variant.failedToStart() > 0 ? " (" + variant.failedToStart() + " did not start)" : ""),
        String.valueOf(variant.failedRamps()), num(variant.peakThroughputPerSecond()), num(variant.usersAtFailure()),
        num(variant.secondsToFailure()), num(variant.secondsToCpu90())));
    variant.atUsers().forEach(at -> cells.add(at.relativeCpu() == null ? "not reached"
        : String.format(Locale.ROOT, "%.2f, %.0f", at.relativeCpu(), at.cgroupMemoryMebibytes())));
    cells.addAll(List.of(String.valueOf(variant.generatorLimitedSeconds()),
        variant.stubCpuCoresMax() == null ? "–" : String.format(Locale.ROOT, "%.2f", variant.stubCpuCoresMax()),
        num(variant.stubProbeP95Millis())));
    return cells;
  }

  static final List<String> BOUND_COLUMNS = List.of("variant", "peak answers/s", "CPU/limit at the peak", "pool",
      "a request with nothing queued, ms", "pool's bound answers/s", "peak bound by");

  /** What bound a variant's peak ({@link PeakBound}), beside the peak. */
  static List<String> boundCells(RampVariant variant) {
    return List.of(variant.label(), num(variant.peakThroughputPerSecond()),
        variant.relativeCpuAtPeak() == null ? "–" : String.format(Locale.ROOT, "%.2f", variant.relativeCpuAtPeak()),
        variant.pool() == null ? "not declared" : variant.pool().label(), num(variant.lowestP50Millis()),
        num(variant.poolBoundPerSecond()), variant.peakBoundBy() == null ? "–"
            : variant.peakBoundBy().name().toLowerCase(Locale.ROOT).replace('_', ' '));
  }

  static final List<String> ROUND_COLUMNS = List.of("round", "CPU limit", "users", "warm-up s, read s", "CPU cores",
      "CPU/limit", "answers/s", "p95 ms", "errors");

  static List<String> roundCells(CpuCalibrationRound round) {
    return List.of(String.valueOf(round.round()), round.cpuLimitCores() + " CPU", String.valueOf(round.users()),
        round.warmupSeconds() + ", " + round.seconds(),
        round.cpuCores() == null ? "–" : String.format(Locale.ROOT, "%.3f", round.cpuCores()),
        round.relativeCpu() == null ? "–" : String.format(Locale.ROOT, "%.2f", round.relativeCpu()),
        num(round.completedPerSecond()), num(round.p95Millis()),
        round.failure() == null ? String.valueOf(round.errors()) : round.failure());
  }

  static String render(String heading, String study, UserRampReport report, UserRampScale scale,
      List<Integer> atUsers, CpuCalibrator.Outcome cpu, String environment, String command) {
    RampSettings ramp = scale.ramp();
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    md.append("\n## The CPU limit\n\n").append(cpuLimit(scale.cpuCalibration(), cpu)).append("\n\n");
    if (!cpu.rounds().isEmpty()) {
      KindReports.tableHead(md, ROUND_COLUMNS, true);
      cpu.rounds().forEach(round -> KindReports.tableRow(md, roundCells(round)));
    }
    if (cpu.refused()) {
      md.append(KindReports.footer(environment, command));
      return md.toString();
    }
    md.append("\n## Each variant\n\nMedians over its ramps. Peak: the highest ").append(RampVariant.PEAK_SECONDS)
        .append("-second mean of correct answers a second. At a user count: the mean of the ")
        .append(RampVariant.PEAK_SECONDS).append(" seconds from the first with that many users").append(
            ramp.plateauUsers() == null ? "" : ", and at the plateau's " + ramp.plateauUsers() + " users of its last "
                + RampVariant.PEAK_SECONDS + " (after " + ramp.plateauSeconds() + " s held steady, the JIT's work"
                + " done); seconds to failure and to CPU at 90 % count from the start, the plateau included")
        .append(". Driver-paced"
            + " seconds: the driver's think timers fired more than 5 ms late, so the driver, not the service, set"
            + " that second's pace (they are counted, and a finding resting on many is suspect). The stub: its"
            + " busiest second, and a request sent straight to it each second (no delay asked): it must stay"
            + " fast for the ramp to measure the app.\n\n");
    List<String> columns = columns(atUsers, ramp.plateauUsers());
    KindReports.tableHead(md, columns, true);
    report.variants().forEach(variant -> KindReports.tableRow(md, cells(variant)));
    md.append("\n## What bound each peak\n\nA pool holds a variant's requests in flight (as the file declares it, from"
        + " the app's configuration); it allows at most its size over a request's time with nothing queued (the"
        + " quickest second's p50) answers a second. The peak is bound by the CPU at ").append(
            String.format(Locale.ROOT, "%.0f", PeakBound.CPU_SHARE * 100)).append(" % of the limit or more over the"
            + " peak's seconds, by the pool at ").append(String.format(Locale.ROOT, "%.0f", PeakBound.POOL_SHARE * 100))
        .append(" % of its bound or more. The driver opens one keep-alive connection per user, no pool: up to ")
        .append(String.format(Locale.ROOT, "%,d", ramp.maxUsers())).append(", never fewer than the users.\n\n");
    KindReports.tableHead(md, BOUND_COLUMNS, true);
    report.variants().forEach(variant -> KindReports.tableRow(md, boundCells(variant)));
    md.append("\n## How each ramp ended\n\n").append(String.format(Locale.ROOT, "The stop rule, judged from second %d:"
        + " the p95 of every answer since the ramp's start over %.0f ms (requests still waiting counted at their"
        + " age), or its errors since the start over %.1f %% of the requests ended since it.\n\n",
        ramp.stopFromSeconds(), ramp.stopP95Millis(), ramp.stopErrorRatio() * 100));
    report.variants().forEach(variant -> variant.endReasons().forEach(reason ->
        md.append("- ").append(variant.label()).append(": ").append(reason).append('\n')));
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  /** How the limit every variant ran at was found. */
  static String cpuLimit(CpuCalibration calibration, CpuCalibrator.Outcome cpu) {
    if (calibration == null) {
      return "Every variant at the file's " + cpu.cpuLimitCores() + " CPU (the scale has no CPU calibration).";
    }
    String how = String.format(Locale.ROOT, "Calibrated before the ramps on the blocking variant: %d users for %d s,"
        + " the CPU read over %d s more, in a fresh container at each round's limit, the first the file's; the next"
        + " limit is the CPU read over the target %.2f of the limit (%s), until a round reads within %.2f of it.",
        calibration.users(), calibration.warmupSeconds(), calibration.seconds(),
        calibration.targetRelativeCpu().value(), calibration.targetRelativeCpu().source(),
        calibration.relativeCpuTolerance());
    return cpu.refused() ? how + " **" + cpu.refusal() + "**; no ramp ran."
        : how + " **Every variant ran at " + cpu.cpuLimitCores() + " CPU**, the same limit for all.";
  }

  private static String num(Double value) {
    return value == null ? "–" : value >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }
}
