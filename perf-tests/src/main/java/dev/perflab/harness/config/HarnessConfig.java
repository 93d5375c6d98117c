package dev.perflab.harness.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The harness's knobs, every one read here by {@link Settings}' rule (system property, then
 * environment variable, then default). Relative paths are relative to the perf-tests module, where
 * the build runs the harness.
 *
 * @param repetitions measured launches per cell, after one discarded warm-up launch
 * @param warmupRequests requests sent after the first 200, before memory is read again
 * @param readyTimeout how long a launch may take to answer its first 200
 * @param budgetsFile the human-edited budgets the perf run asserts
 * @param reportDir where results.json, summary.md and index.html are written
 * @param projectDir the checkout: its git commit is recorded with results, its apps are rebuilt
 *     to measure build cost
 * @param buildRepetitions timed builds per app and mode (each a full, uncached build)
 * @param parts the parts of the run, by name ({@code perflab.parts}); empty: the default ones
 * @param compare what a comparison run compares; its mode is null in the ordinary perf run
 * @param catalogFile a user's catalog laid over the bundled one (each of its top-level keys
 *     replaces the bundled key), or null for the bundled catalog alone
 */
public record HarnessConfig(
    int repetitions, int warmupRequests, Duration readyTimeout, Path budgetsFile, Path reportDir,
    Path projectDir, int buildRepetitions, List<String> parts, CompareSettings compare, Path catalogFile) {

  public HarnessConfig {
    parts = List.copyOf(parts);
  }

  public static HarnessConfig load() {
    return new HarnessConfig(
        Settings.get("perflab.repetitions", Integer::parseInt, 5),
        Settings.get("perflab.warmup.requests", Integer::parseInt, 1000),
        Settings.get("perflab.ready.timeout.seconds", s -> Duration.ofSeconds(Long.parseLong(s)), Duration.ofSeconds(120)),
        Settings.get("perflab.budgets.file", Path::of, Path.of("budgets.yaml")),
        Settings.get("perflab.report.dir", Path::of, Path.of("target/perf-report")),
        Settings.get("perflab.project.dir", Path::of, Path.of("..")),
        Settings.get("perflab.build.repetitions", Integer::parseInt, 2),
        Settings.get("perflab.parts", HarnessConfig::names, List.of()),
        CompareSettings.read(),
        Settings.get("perflab.catalog", Path::of, null));
  }

  /** "startup, load" as ["startup", "load"]. */
  private static List<String> names(String list) {
    return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
