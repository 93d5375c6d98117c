package dev.perflab.harness.run;

import dev.perflab.harness.compare.CompareSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The harness's knobs, read in this one place: a system property (as the Maven build passes
 * them) wins over an environment variable, which wins over the default.
 *
 * @param repetitions measured launches per cell, after one discarded warm-up launch
 * @param warmupRequests requests sent after the first 200, before memory is read again
 * @param readyTimeout how long a launch may take to answer its first 200
 * @param budgetsFile the human-edited budgets the perf run asserts
 * @param reportDir where results.json and summary.md are written
 * @param projectDir the checkout: its git commit is recorded with results, its apps are rebuilt
 *     to measure build cost
 * @param buildRepetitions timed builds per app and mode (each a full, uncached build)
 * @param parts the parts of the perf run to run ({@code perflab.parts}, default all)
 * @param compare what a comparison run compares; its mode is null in the ordinary perf run
 * @param catalogFile a user's catalog laid over the bundled one (each of its top-level keys
 *     replaces the bundled key), or null for the bundled catalog alone
 */
public record HarnessConfig(
    int repetitions, int warmupRequests, Duration readyTimeout, Path budgetsFile, Path reportDir,
    Path projectDir, int buildRepetitions, Set<RunPart> parts, CompareSettings compare, Path catalogFile) {

  public static HarnessConfig load() {
    return new HarnessConfig(
        setting("perflab.repetitions", Integer::parseInt, 5),
        setting("perflab.warmup.requests", Integer::parseInt, 1000),
        setting("perflab.ready.timeout.seconds", s -> Duration.ofSeconds(Long.parseLong(s)), Duration.ofSeconds(120)),
        setting("perflab.budgets.file", Path::of, Path.of("budgets.yaml")),
        setting("perflab.report.dir", Path::of, Path.of("target/perf-report")),
        setting("perflab.git.dir", Path::of, Path.of("..")),
        setting("perflab.build.repetitions", Integer::parseInt, 2),
        setting("perflab.parts", RunPart::parse, EnumSet.allOf(RunPart.class)),
        CompareSettings.read(),
        setting("perflab.catalog", Path::of, null));
  }

  /** {@code perflab.x.y} as a system property, else {@code PERFLAB_X_Y} in the environment. */
  public static <T> T setting(String name, Function<String, T> parse, T fallback) {
    String env = name.toUpperCase().replace('.', '_');
    Optional<String> raw = Optional.ofNullable(System.getProperty(name))
        .or(() -> Optional.ofNullable(System.getenv(env)))
        .filter(s -> !s.isBlank());
    try {
      return raw.map(parse).orElse(fallback);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("setting " + name + " (or " + env + ") = '" + raw.get()
          + "' is not valid: " + e.getMessage(), e);
    }
  }
}
