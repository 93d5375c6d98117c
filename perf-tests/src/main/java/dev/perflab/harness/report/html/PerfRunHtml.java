package dev.perflab.harness.report.html;

import dev.perflab.harness.build.BuildCost;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.load.CellLoad;
import dev.perflab.harness.load.LoadSettings;
import dev.perflab.harness.report.CellReport;
import dev.perflab.harness.report.EnvironmentRecord;
import dev.perflab.harness.report.PerfReport;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A perf run as one page, index.html beside results.json and summary.md: the environment, startup
 * per cell, latency curves and resource timelines under load, Gatling, and what went wrong. A
 * part the run did not measure is left out, not shown empty.
 */
public final class PerfRunHtml {

  private PerfRunHtml() {}

  public static String render(PerfReport report) {
    EnvironmentRecord env = report.environment();
    HtmlPage page = new HtmlPage("perflab perf run, commit " + shortCommit(env.gitCommit()));
    page.paragraph("Recorded " + env.recordedAt() + ". results.json beside this page has every raw sample;"
        + " summary.md has every table, the build costs and the AOT cache proofs among them. MB = 10^6 bytes.");
    environment(page, env);
    startup(page, report);
    load(page, report);
    gatling(page, report);
    problems(page, report);
    return page.render();
  }

  static void environment(HtmlPage page, EnvironmentRecord env) {
    page.section("Environment").table(new HtmlTable("", "")
        .row("commit", env.gitCommit() + (env.gitDirty() ? " (with uncommitted changes)" : ""))
        .row("host", RunTables.format("%s; %s, %d CPUs, %.0f GB", env.kernel(), env.cpuModel(), env.hostCpuCount(),
            env.hostMemoryBytes() / 1e9))
        .row("Docker", RunTables.format("%s (API %s), cgroup v%s, %s driver", env.dockerVersion(),
            env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver()))
        .row("JDK", "harness " + env.harnessJdkVersion() + ", images " + env.imageJdkVersion())
        .row("frameworks", env.frameworkVersions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")))
        .row("profiles", env.profiles().stream()
            .map(p -> RunTables.format("%s = %.2g CPU / %d MiB", p.name(), p.cpus(), p.memoryMebibytes()))
            .collect(Collectors.joining(", ")))
        .row("CPUs", "measured container on " + env.measuredCpuset() + ", harness on " + env.harnessCpuset())
        .row("JVM flags", String.join(" ", env.jvmFlags()))
        .row("AOT training", RunTables.format("under %.2g CPU / %d MiB", env.aotTrainingLimits().cpus(),
            env.aotTrainingLimits().memoryMebibytes())));
  }

  private static void startup(HtmlPage page, PerfReport report) {
    if (report.cells().isEmpty()) {
      return;
    }
    page.section("Startup");
    StartupChart.of(report).forEach(page::chart);
    page.paragraph(RunTables.format("Medians over %d measured launch(es) per cell, a fresh container each, after %d"
        + " discarded; spread as min–max and coefficient of variation (CV).", report.measuredLaunches(),
        report.discardedLaunches())).table(RunTables.startup(report));
  }

  /** What the driver sent: the catalog's request, or each app's own mix (apps[].load). */
  static String requests(List<CellLoad> loads) {
    return loads.stream().filter(load -> load.fixedRate() != null).map(load -> load.fixedRate().requests().toString())
        .distinct().collect(Collectors.joining("; "));
  }

  private static void load(HtmlPage page, PerfReport report) {
    LoadSettings settings = report.loadSettings();
    if (settings == null || report.loads().isEmpty()) {
      return;
    }
    page.section("Load").paragraph(RunTables.format("%s, open model: %d requests/s for %d s after a %d s warm-up at"
        + " %d/s, on profile %s. p99: the median of the p99s of %d s windows. Capacity: the highest rate whose p99"
        + " stays within %d ms with at most 1 %% errors.", requests(report.loads()), settings.fixedRatePerSecond(),
        settings.measureSeconds(), settings.warmupSeconds(), settings.warmupRatePerSecond(), settings.profile(),
        settings.windowSeconds(), settings.sloP99Millis()));
    PercentileCurveChart.of(settings, report.loads()).ifPresent(page::chart);
    ResourceProfile profile = report.environment().profiles().stream()
        .filter(p -> p.name().equals(settings.profile())).findFirst().orElse(null);
    LoadTimelineChart.of(settings, profile, report.loads()).forEach(page::chart);
    page.table(RunTables.load(settings, report.loads()));
  }

  private static void gatling(HtmlPage page, PerfReport report) {
    if (report.loads().stream().allMatch(load -> load.gatling().isEmpty())) {
      return;
    }
    page.section("Gatling").paragraph("Each simulation over the weighted contract mix against the same container as"
        + " the load table. Times in ms over all requests (Gatling rounds to whole ms); KO = failed status or body"
        + " check; assertions from budgets.yaml.").table(RunTables.gatling(report.loads()));
  }

  /** Failures and budget breaches, each with the account a reader needs to act on it. */
  private static void problems(HtmlPage page, PerfReport report) {
    List<String> problems = new ArrayList<>();
    for (CellReport cell : report.cells()) {
      if (cell.failure() != null) {
        problems.add(cell.failure().describe());
      }
      cell.breaches().forEach(breach -> problems.add(breach.message()));
    }
    for (CellLoad load : report.loads()) {
      if (load.failure() != null) {
        problems.add("load " + load.cellId() + ": " + load.failure());
      }
      if (load.exitedUnderOverload() != null) {
        problems.add("load " + load.cellId() + ": the container died during the capacity search: "
            + load.exitedUnderOverload());
      }
    }
    for (BuildCost cost : report.buildCosts()) {
      if (cost.failure() != null) {
        problems.add("build " + cost.app() + "/" + cost.mode() + ": " + cost.failure());
      }
    }
    if (!problems.isEmpty()) {
      page.section("Problems");
      problems.forEach(page::preformatted);
    }
  }

  private static String shortCommit(String commit) {
    return commit.length() > 12 ? commit.substring(0, 12) : commit;
  }
}
