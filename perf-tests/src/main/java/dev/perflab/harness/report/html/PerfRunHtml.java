package dev.perflab.harness.report.html;

import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.report.LoadTable;
import dev.perflab.harness.report.StartupTable;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.CellLoad;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * A perf run as one page, index.html beside results.json and summary.md: the environment, then each
 * part's section (startup per cell, latency curves and resource timelines under load, Gatling), then
 * what went wrong. A part the run did not run has no section.
 */
public final class PerfRunHtml {

  private PerfRunHtml() {}

  /**
   * @param sections each part's section, in run order
   * @param problems accounts of failures and of containers that died
   */
  public static String render(EnvironmentRecord env, List<Consumer<HtmlPage>> sections, List<String> problems,
      String command) {
    HtmlPage page = new HtmlPage("perflab perf run, commit " + env.shortCommit());
    page.paragraph("Recorded " + env.recordedAt() + ". results.json beside this page has every raw sample;"
        + " summary.md has every table, the build costs and the AOT cache proofs among them. MB = 10^6 bytes."
        + " Re-run: " + command);
    environment(page, env);
    sections.forEach(section -> section.accept(page));
    if (!problems.isEmpty()) {
      page.section("Problems");
      problems.forEach(page::preformatted);
    }
    return page.render();
  }

  static void environment(HtmlPage page, EnvironmentRecord env) {
    page.section("Environment").table(new HtmlTable("", "")
        .row("commit", env.gitCommit() + (env.gitDirty() ? " (with uncommitted changes)" : ""))
        .row("apps ran on", env.engineDescription())
        .row("host", RunTables.format("%s; %s, %d CPUs, %.0f GB", env.kernel(), env.cpuModel(), env.hostCpuCount(),
            env.hostMemoryBytes() / 1e9))
        .row("Docker", RunTables.format("%s (API %s), cgroup v%s, %s driver", env.dockerVersion(),
            env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver()))
        .row("JDK", "harness " + env.harnessJdkVersion() + ", images " + env.imageJdkVersion())
        .row("frameworks", env.frameworkVersions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")))
        .row("profiles", env.profiles().stream().map(ResourceProfile::describe).collect(Collectors.joining(", ")))
        .row("CPUs", env.cpuPlacement())
        .row("JVM flags", String.join(" ", env.jvmFlags()))
        .row("AOT training", "under " + env.aotTrainingLimits().describe()));
  }

  /** The startup part's section: a box plot per profile, then the table. */
  public static void startup(HtmlPage page, int discardedLaunches, int measuredLaunches, List<CellReport> cells,
      List<ResourceProfile> profiles) {
    page.section("Startup");
    StartupChart.of(discardedLaunches, measuredLaunches, cells, profiles).forEach(page::chart);
    page.paragraph(StartupTable.launchesLine(discardedLaunches, measuredLaunches, cells))
        .table(RunTables.startup(cells));
    List<CellReport> measured = cells.stream().filter(cell -> !cell.measured().isEmpty()).toList();
    if (!measured.isEmpty()) {
      page.paragraph("The JVM's own work at first OK: its hsperfdata counters, medians over the measured launches.")
          .table(RunTables.jvmCounters(measured));
    }
  }

  /** What the driver sent: the catalog's request, or each app's own mix (apps[].load). */
  static String requests(List<CellLoad> loads) {
    return loads.stream().filter(load -> load.fixedRate() != null).map(load -> load.fixedRate().requests().toString())
        .distinct().collect(Collectors.joining("; "));
  }

  /** The load part's section: latency by percentile, memory and CPU over time, then the table. */
  public static void load(HtmlPage page, LoadSettings settings, ResourceProfile profile, List<CellLoad> loads) {
    page.section("Load").paragraph(RunTables.format("%s, open model: %s for %d s after a %d s warm-up at"
        + " %s, on profile %s. p99: the median of the p99s of %d s windows. Capacity: the highest rate whose p99"
        + " stays within %d ms with at most 1 %% errors. A cell with settings of its own says so in its note.",
        requests(loads), LoadTable.fixedRates(settings, loads),
        settings.measureSeconds(), settings.warmupSeconds(), LoadTable.warmupRates(settings, loads), settings.profile(),
        settings.windowSeconds(), settings.sloP99Millis()));
    PercentileCurveChart.of(settings, loads).ifPresent(page::chart);
    LoadTimelineChart.of(settings, profile, loads).forEach(page::chart);
    page.table(RunTables.load(settings, loads));
  }

  /** The Gatling part's section: every simulation against every load cell, Gatling's own report linked. */
  public static void gatling(HtmlPage page, List<CellGatling> cells) {
    page.section("Gatling").paragraph("Each simulation over the weighted contract mix against a fresh container per"
        + " load cell, given the load part's warm-up. Times in ms over all requests (Gatling rounds to whole ms);"
        + " KO = failed status or body check; assertions from budgets.yaml.").table(RunTables.gatling(cells));
  }
}
