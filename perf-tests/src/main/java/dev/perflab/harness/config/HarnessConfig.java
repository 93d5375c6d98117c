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
 * @param budgetsFile the human-edited budgets the perf run asserts; null (the default with
 *     {@code perflab.catalog}) for a first run that measures and asserts nothing
 * @param reportDir where the run's report (its JSON file, summary.md and index.html) is written;
 *     unset, a comparison's goes beside the perf run's, never over it ({@link #defaultReportDir})
 * @param projectDir the checkout: its git commit is recorded with results, its apps are rebuilt
 *     to measure build cost
 * @param buildRepetitions timed builds per app and mode (each a full, uncached build)
 * @param parts the parts of the run, by name ({@code perflab.parts}); empty: the default ones
 * @param compare what a comparison run compares; its mode is null in the ordinary perf run
 * @param catalogFile a user's catalog laid over the bundled one (each of its top-level keys
 *     replaces the bundled key), or null for the bundled catalog alone
 * @param experiment the experiment a run runs instead of the perf run's parts; its experiment is null otherwise
 * @param full whether the run is the full measurement ({@code perflab.full}): every part, and the
 *     load part's capacity search; else the default parts (startup, load at the fixed rate)
 */
public record HarnessConfig(
    int repetitions, int warmupRequests, Duration readyTimeout, Path budgetsFile, Path reportDir,
    Path projectDir, int buildRepetitions, List<String> parts, CompareSettings compare,
    ExperimentSettings experiment, Path catalogFile, boolean full) {

  public HarnessConfig {
    parts = List.copyOf(parts);
  }

  /** The perf run's report directory when {@code perflab.report.dir} is not set. */
  private static final Path PERF_RUN_REPORT_DIR = Path.of("target/perf-report");

  public static HarnessConfig load() {
    Path catalogFile = Settings.get("perflab.catalog", Path::of, null);
    CompareSettings compare = CompareSettings.read();
    ExperimentSettings experiment = ExperimentSettings.read();
    RunKind kind = RunKind.of(compare, experiment);
    return new HarnessConfig(
        Settings.get("perflab.repetitions", Integer::parseInt, 5),
        Settings.get("perflab.warmup.requests", Integer::parseInt, 1000),
        Settings.get("perflab.ready.timeout.seconds", s -> Duration.ofSeconds(Long.parseLong(s)), Duration.ofSeconds(120)),
        // The project's budgets belong to the bundled catalog; a catalog of one's own has none until
        // its first run has proposed them.
        Settings.get("perflab.budgets.file", Path::of, catalogFile == null ? Path.of("budgets.yaml") : null),
        Settings.get("perflab.report.dir", Path::of, kind == RunKind.EXPERIMENT
            ? PERF_RUN_REPORT_DIR.resolve(experiment.reportDirName()) : defaultReportDir(compare.mode())),
        Settings.get("perflab.project.dir", Path::of, Path.of("..")),
        Settings.get("perflab.build.repetitions", Integer::parseInt, 2),
        Settings.get("perflab.parts", HarnessConfig::names, List.of()),
        compare,
        experiment,
        catalogFile,
        Settings.get("perflab.full", HarnessConfig::flag, false));
  }

  /** Whether this is the perf run, a comparison or an experiment: the one place that tells. */
  public RunKind kind() {
    return RunKind.of(compare, experiment);
  }

  /** "true" or "false", nothing else: a typo must not quietly run the short measurement. */
  private static boolean flag(String value) {
    return switch (value) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("expected true or false, got '" + value + "'");
    };
  }

  /**
   * Where a run's report goes when {@code perflab.report.dir} is not set: the perf run's into
   * {@code target/perf-report}; a comparison's into a folder of its own inside it,
   * {@code target/perf-report/comparison-<mode>}. A comparison may read that perf run's results.json as
   * its baseline, and its own summary.md and index.html would otherwise replace the perf run's; one
   * folder per mode keeps an A/A calibration beside the A/B it calibrates.
   */
  public static Path defaultReportDir(CompareMode mode) {
    return mode == null ? PERF_RUN_REPORT_DIR : PERF_RUN_REPORT_DIR.resolve("comparison-" + mode.key());
  }

  /** "startup, load" as ["startup", "load"]. */
  private static List<String> names(String list) {
    return Arrays.stream(list.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }
}
