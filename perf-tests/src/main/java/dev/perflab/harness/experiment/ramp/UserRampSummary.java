package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.KindReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A user-ramp experiment's summary.md: findings first, then each variant, and what the stub and driver did. */
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

  static String render(String heading, String study, UserRampReport report, List<Integer> atUsers,
      RampSettings ramp, String environment, String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
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
    md.append("| ").append(String.join(" | ", columns)).append(" |\n|---|").append("---:|".repeat(columns.size() - 1))
        .append('\n');
    report.variants().forEach(variant -> md.append("| ")
        .append(String.join(" | ", cells(variant).stream().map(KindReports::cell).toList())).append(" |\n"));
    md.append("\n## How each ramp ended\n\n");
    report.variants().forEach(variant -> variant.endReasons().forEach(reason ->
        md.append("- ").append(variant.label()).append(": ").append(reason).append('\n')));
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  private static String num(Double value) {
    return value == null ? "–" : value >= 100 ? String.format(Locale.ROOT, "%,.0f", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

}
