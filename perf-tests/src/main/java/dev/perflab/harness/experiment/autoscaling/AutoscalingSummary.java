package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.BurstRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.RunRow;
import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * An autoscaling experiment's summary.md: the finding first, then per framework its runs' cost, pod-seconds, seconds
 * out of the SLO, most replicas and how fast each service scaled out after a burst; the failures with their logs.
 */
final class AutoscalingSummary {

  static final List<String> COLUMNS = List.of("framework", "runs", "cost per run, $", "pod-seconds",
      "seconds out of the SLO", "p95 ms", "errors", "most replicas", "scale-out after a burst, s",
      "first new pod ready, s");

  private AutoscalingSummary() {}

  /** One framework's row: medians with the lowest and highest run. */
  static List<String> cells(String app, List<RunRow> runs, List<BurstRow> bursts) {
    List<RunRow> measured = runs.stream().filter(RunRow::measured).toList();
    if (measured.isEmpty()) {
      return List.of(app, "0 (failed)", "–", "–", "–", "–", "–", "–", "–", "–");
    }
    return List.of(app, String.valueOf(measured.size()), spread(measured, RunRow::costDollars, "%.5f"),
        spread(measured, RunRow::podSeconds, "%.0f"), spread(measured, row -> row.sloViolationSeconds(), "%.0f"),
        spread(measured, RunRow::p95Millis, "%.0f"), spread(measured, row -> row.errors(), "%.0f"),
        spread(measured, row -> row.maxReplicas(), "%.0f"),
        median(bursts.stream().map(BurstRow::scaleOutSeconds).filter(Objects::nonNull).map(Integer::doubleValue)
            .toList(), bursts.size()),
        median(bursts.stream().map(BurstRow::firstReadySeconds).filter(Objects::nonNull).toList(), bursts.size()));
  }

  static String render(String heading, String study, String load, List<FindingResult> findings, List<String> apps,
      AutoscalingData data, String environment, String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(findings));
    md.append("\n## Each framework\n\n").append(load).append(" A figure is the median run's, with the lowest and"
        + " highest run. Cost: every pod's CPU and memory limits over its life in the schedule at the prices above."
        + " Scale-out: seconds from a burst's start to the first sample in which a service's autoscaler wanted more"
        + " replicas, the median over services and bursts that scaled (of all); first new pod ready likewise, for pods"
        + " created after the burst.\n\n");
    md.append("| ").append(String.join(" | ", COLUMNS)).append(" |\n|---|").append("---:|".repeat(COLUMNS.size() - 1))
        .append('\n');
    for (String app : apps) {
      md.append("| ").append(String.join(" | ", cells(app, data.runs().stream()
          .filter(row -> row.framework().equals(app))
          .toList(), data.bursts().stream().filter(row -> row.framework().equals(app)).toList()).stream()
          .map(KindReports::cell).toList())).append(" |\n");
    }
    List<String> failures = new ArrayList<>();
    data.runs().stream().filter(row -> !row.measured())
        .forEach(row -> failures.add("- " + row.framework() + " run " + (row.run() + 1) + ": " + row.failure()));
    if (!failures.isEmpty()) {
      md.append("\n## Runs that failed\n\n").append(String.join("\n", failures)).append('\n');
    }
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  private static String spread(List<RunRow> rows, ToDoubleFunction<RunRow> value, String format) {
    List<Double> values = rows.stream().mapToDouble(value).filter(Double::isFinite).sorted().boxed().toList();
    if (values.isEmpty()) {
      return "–";
    }
    String median = String.format(Locale.ROOT, format, AutoscalingFindings.median(values));
    return values.size() == 1 ? median : median + " (" + String.format(Locale.ROOT, format, values.getFirst()) + "–"
        + String.format(Locale.ROOT, format, values.getLast()) + ")";
  }

  private static String median(List<Double> values, int of) {
    return values.isEmpty() ? "none of " + of : String.format(Locale.ROOT, "%.1f (%d of %d)",
        AutoscalingFindings.median(values), values.size(), of);
  }
}
