package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.KindReports;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A replication experiment's summary.md: findings first, then the study's table per configuration, what
 * HAProxy saw, what each fault cost, and the DNS balancer beside HAProxy.
 */
final class ReplicationSummary {

  static final List<String> COLUMNS = List.of("configuration", "version", "replicas", "balancer", "runs", "planned",
      "sent", "OK", "KO 4xx / 5xx / no answer / timeout", "failure ratio", "effective failure ratio",
      "< 800 ms of OK", "800–1,200 ms of OK", "≥ 1,200 ms of OK", "< 800 ms of sent", "Apdex", "full acceptance",
      "CPU s", "memory MiB");

  private ReplicationSummary() {}

  static List<String> cells(ConfigurationResult result) {
    if (result.runs() == 0) {
      List<String> cells = new ArrayList<>(List.of(result.name(), result.version(), result.shape(), result.balancer(),
          "0 (failed)"));
      while (cells.size() < COLUMNS.size()) {
        cells.add("–");
      }
      return cells;
    }
    return List.of(result.name(), result.version(), result.shape(), result.balancer(), String.valueOf(result.runs()),
        count(result.planned()), count(result.sent()), count(result.ok()),
        result.koStatus4xx() + " / " + result.koStatus5xx() + " / " + result.koNoAnswer() + " / "
            + result.koTimeout(), result.failureRatio().described(true),
        result.effectiveFailureRatio().described(true), result.below800MillisShareOfOk().described(true),
        result.from800To1200MillisShareOfOk().described(true), result.atOrAbove1200MillisShareOfOk().described(true),
        result.below800MillisShareOfSent().described(true), result.apdex().described(false), result.fullAcceptance(),
        String.format(Locale.ROOT, "%.1f", result.cpuSeconds()),
        String.format(Locale.ROOT, "%.0f", result.memoryMebibytes()));
  }

  static String render(String heading, String study, ReplicationReport report, String load, String environment,
      String command) {
    StringBuilder md = new StringBuilder("# ").append(heading).append("\n\n").append(study).append("\n\n");
    md.append(KindReports.findingsMarkdown(report.findings()));
    md.append("\n## Each configuration\n\n").append(load).append(" Counts are the median run's; a ratio is the"
        + " median with the lowest and highest run. Every count has the CORS preflights in it, each a sample as in"
        + " the study's Gatling: planned is every session started times its ten requests (five and their"
        + " preflights), so a request a stopped session never sent counts in the effective failure ratio. The"
        + " latency shares \"of OK\" are of the successful requests, as the study gives them and its findings are"
        + " judged; \"< 800 ms of sent\" is the same count over the requests sent, a failure counting against it."
        + " Apdex is over the requests sent, failures frustrated. A faulted run is left out of its configuration's"
        + " figures and reported below.\n\n");
    md.append("| ").append(String.join(" | ", COLUMNS)).append(" |\n|---|---|---|---|")
        .append("---:|".repeat(COLUMNS.size() - 4)).append('\n');
    report.configurations().forEach(result -> md.append("| ")
        .append(String.join(" | ", cells(result).stream().map(KindReports::cell).toList())).append(" |\n"));
    md.append("\n## What HAProxy saw\n\nEvery server HAProxy marked DOWN or UP during a run, from its log (seconds"
        + " from the run's start, Gatling's own start included); the per-server statistics are in ")
        .append(ReplicationDataset.SERVERS_CSV).append(".\n\n");
    List<String> changes = new ArrayList<>();
    report.configurations().forEach(result -> result.stateChanges().forEach(change ->
        changes.add("- " + result.name() + ", " + change)));
    md.append(changes.isEmpty() ? "None: every server stayed UP in every run.\n" : String.join("\n", changes) + "\n");
    List<String> faults = report.configurations().stream().filter(result -> result.fault() != null)
        .map(result -> "- " + result.name() + ": " + result.fault() + (result.faultCost() == null
            ? ", no clean run to compare with" : faultCost(result))).toList();
    if (!faults.isEmpty()) {
      md.append("\n## Faults\n\n").append(String.join("\n", faults)).append('\n');
    }
    List<String> balancers = new ArrayList<>();
    for (ConfigurationResult dns : report.configurations()) {
      report.configurations().stream().filter(haproxy -> dns.balancer().equals("dns")
              && haproxy.balancer().equals("haproxy")
              && haproxy.version().equals(dns.version()) && haproxy.shape().equals(dns.shape()))
          .forEach(haproxy -> balancers.add(String.format(Locale.ROOT, "- %s, HAProxy (%s) against DNS round robin"
                  + " (%s): Apdex %s against %s, effective failures %s against %s, under 800 ms (of OK) %s against"
                  + " %s", haproxy.shape(), haproxy.name(), dns.name(), haproxy.apdex().described(false),
              dns.apdex().described(false), haproxy.effectiveFailureRatio().described(true),
              dns.effectiveFailureRatio().described(true), haproxy.below800MillisShareOfOk().described(true),
              dns.below800MillisShareOfOk().described(true))));
    }
    if (!balancers.isEmpty()) {
      md.append("\n## HAProxy against DNS round robin between services\n\nThe same configuration, its services"
          + " reaching each other through HAProxy or by Docker's DNS round robin (the entry is HAProxy in both).\n\n")
          .append(String.join("\n", balancers)).append('\n');
    }
    List<String> failures = report.configurations().stream().filter(result -> result.failure() != null)
        .map(result -> "- " + result.name() + ": " + result.failure().strip().replace("\n", "\n  ")).toList();
    if (!failures.isEmpty()) {
      md.append("\n## Configurations that did not run\n\n").append(String.join("\n", failures)).append('\n');
    }
    md.append(KindReports.footer(environment, command));
    return md.toString();
  }

  /**
   * The fault's cost against the clean runs' median, and against each clean run: where those differ in sign, the
   * clean runs' own spread is as large as the fault's effect, and the text says so.
   */
  private static String faultCost(ConfigurationResult result) {
    Spread clean = result.effectiveFailureRatio();
    double faulted = clean.median() + result.faultCost();
    double fromCost = points(faulted - clean.max());
    double toCost = points(faulted - clean.min());
    String text = String.format(Locale.ROOT, "; it cost %+.1f points of effective failure ratio against the clean"
        + " runs' median (%+.1f to %+.1f against each clean run)", points(result.faultCost()), fromCost, toCost);
    return fromCost <= 0 && toCost >= 0 ? text + ": inside the clean runs' own spread, not told apart from it" : text;
  }

  /** A ratio's difference in points, to the tenth shown (so a difference that rounds to none is none, not -0.0). */
  private static double points(double ratio) {
    double points = Math.round(1000 * ratio) / 10.0;
    return points == 0 ? 0 : points;
  }

  private static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
