package dev.perflab.harness.report;

import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.Check;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A perf run's summary.md around its parts' sections: the verdicts first (every failed or
 * over-budget one, or that all passed), then each part's tables, then the accounts of what went
 * wrong, then where it ran and how to run it again.
 */
public final class RunSummary {

  private RunSummary() {}

  /**
   * @param passed how each part's passed verdicts read ("6 cell(s) within their budgets")
   * @param unavailableCells cells that cannot run on this machine
   * @param sections each part's Markdown, in run order
   * @param problems accounts of failures and of containers that died, in run order
   */
  public static String render(List<Check> checks, List<String> passed, long unavailableCells, List<String> sections,
      List<String> problems, EnvironmentRecord environment, String command) {
    StringBuilder md = new StringBuilder("# perflab summary\n\n");
    appendVerdicts(md, checks, passed, unavailableCells);
    sections.forEach(section -> md.append(section).append('\n'));
    // An account with a log is a block of its own; a one-line one (a budget's breach) a list item.
    problems.forEach(problem -> md.append(problem.contains("\n") ? "\n```\n" + problem + "\n```\n" : "\n- " + problem));
    appendEnvironment(md, environment);
    md.append("\nRe-run: `").append(command).append("`\n");
    return md.toString();
  }

  /** What failed or broke a budget, one line each, before any table: what a pull-request reader needs first. */
  private static void appendVerdicts(StringBuilder md, List<Check> checks, List<String> passed, long unavailableCells) {
    List<String> advisories = checks.stream().filter(check -> check.status() == Check.Status.ADVISORY)
        .map(Check::headline).distinct().toList();
    if (!advisories.isEmpty()) {
      long count = checks.stream().filter(check -> check.status() == Check.Status.ADVISORY).count();
      md.append("**Advisory: ").append(count).append(" time budget verdict(s) do not count on this machine** (they are"
          + " reported, and fail nothing): ").append(String.join("; ", advisories)).append(".\n\n");
    }
    List<Check> broken = checks.stream().filter(Check::broken).toList();
    if (broken.isEmpty()) {
      md.append("**Every verdict passed**: ").append(passed.isEmpty() ? "nothing was asserted" : String.join(", ", passed))
          .append(unavailableCells == 0 ? "" : "; " + unavailableCells
              + " unavailable on this machine (neither passed nor failed)")
          .append(".\n\n");
      return;
    }
    md.append("**").append(broken.size()).append(" verdict(s) failed** (details under the tables):\n\n");
    broken.forEach(check -> md.append("- **").append(check.status() == Check.Status.OVER_BUDGET ? "OVER BUDGET" : "FAILED")
        .append("** ").append(check.headline()).append('\n'));
    md.append('\n');
  }

  /** The environment line every summary ends with. */
  public static String environmentLine(EnvironmentRecord env) {
    StringBuilder md = new StringBuilder();
    appendEnvironment(md, env);
    return md.toString().strip();
  }

  private static void appendEnvironment(StringBuilder md, EnvironmentRecord env) {
    md.append(String.format(Locale.ROOT,
        "%nEnvironment: apps on the %s; %s; %s, %d host CPUs, %.0f GB; Docker %s (API %s, cgroup v%s, %s driver);"
            + " image JDK %s; %s; profiles %s, %s; JVM flags `%s`;"
            + " AOT caches trained under %s; commit %s%s.%n",
        env.engineDescription(), env.kernel(), env.cpuModel(), env.hostCpuCount(), env.hostMemoryBytes() / 1e9,
        env.dockerVersion(), env.dockerApiVersion(), env.cgroupVersion(), env.cgroupDriver(),
        env.imageJdkVersion(),
        env.frameworkVersions().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", ")),
        env.profiles().stream().map(ResourceProfile::describe).collect(Collectors.joining(", ")),
        env.cpuPlacement(), String.join(" ", env.jvmFlags()),
        env.aotTrainingLimits().describe(), env.shortCommit(), env.gitDirty() ? " (with uncommitted changes)" : ""));
    if (env.machineReference() != null) {
      md.append("Machine reference at the start (mean of ").append(env.machineReference().getFirst().wallMillis().size())
          .append(" runs of the fixed reference work, in a container under each profile): ")
          .append(env.machineReference().stream().map(runs -> String.format(Locale.ROOT, "%s %.0f ms (CV %.1f %%)",
              runs.profile(), runs.meanMillis(), runs.wall().coefficientOfVariation() * 100))
              .collect(Collectors.joining(", "))).append(".\n");
    }
    if (env.sweptBeforeRun() != null && !env.sweptBeforeRun().isEmpty()) {
      md.append("Before anything was measured: ").append(String.join("; ", env.sweptBeforeRun())).append(".\n");
    }
  }
}
