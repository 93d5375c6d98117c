package dev.perflab.harness.config;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.RatioInterval;
import dev.perflab.harness.stats.Verdict;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The knobs of a comparison run, read like every other setting ({@code -Dperflab.compare.x} or
 * {@code PERFLAB_COMPARE_X}).
 *
 * @param mode what is compared; null: no comparison, the ordinary perf run
 * @param baseline side A's images ({@code perflab.compare.baseline}, default the catalog's)
 * @param candidate side B's images ({@code perflab.compare.candidate}, default the catalog's)
 * @param baselineResults an earlier run's results.json as side A instead of images; null if none
 * @param cells cell ids to compare, {@code *} matching any one part ({@code quarkus/*}{@code /1cpu-512m});
 *     empty: every cell with an image
 * @param repetitionsPerSide measured launches per side and cell, after one discarded launch per side
 * @param runs how many independent comparisons to run one after another (an experiment: their
 *     verdicts are counted)
 * @param thresholds per metric, the relative change that earns a verdict
 * @param force compare against a baseline from a machine with another environment fingerprint
 * @param upgradeApp the app an upgrade check builds at two versions
 * @param upgradeFrom side A's framework version (default the catalog's)
 * @param upgradeTo side B's framework version
 * @param slowdown how much slower to its first response the injected-regression variant is made
 * @param load also compare p99 at the fixed rate and capacity (minutes per cell and side)
 * @param loadRepetitions load runs per side and cell when {@code load} is on
 */
public record CompareSettings(
    CompareMode mode, ImageTemplate baseline, ImageTemplate candidate, Path baselineResults, List<String> cells,
    int repetitionsPerSide, int runs, Map<Metric, Double> thresholds, boolean force,
    String upgradeApp, String upgradeFrom, String upgradeTo, double slowdown, boolean load, int loadRepetitions) {

  public CompareSettings {
    cells = List.copyOf(cells);
    thresholds = Map.copyOf(thresholds);
    if (repetitionsPerSide < RatioInterval.MIN_SAMPLES) {
      throw new IllegalArgumentException("perflab.compare.repetitions = " + repetitionsPerSide
          + ": a comparison needs at least " + RatioInterval.MIN_SAMPLES + " launches per side");
    }
    if (load && loadRepetitions < RatioInterval.MIN_SAMPLES) {
      throw new IllegalArgumentException("perflab.compare.load.repetitions = " + loadRepetitions
          + ": a comparison needs at least " + RatioInterval.MIN_SAMPLES + " load runs per side");
    }
    if (runs < 1) {
      throw new IllegalArgumentException("perflab.compare.runs = " + runs + ": at least 1");
    }
    if (!(slowdown > 0 && slowdown < 1)) {
      throw new IllegalArgumentException("perflab.compare.slowdown = " + slowdown + ": a fraction (0.10 = 10 %)");
    }
    if (mode == CompareMode.UPGRADE && (upgradeApp == null || upgradeTo == null)) {
      throw new IllegalArgumentException("an upgrade check needs perflab.upgrade.app (spring-boot, quarkus or"
          + " micronaut) and perflab.upgrade.to (the version to compare with); perflab.upgrade.from defaults to"
          + " the catalog's version");
    }
    if (mode == CompareMode.AB && baselineResults == null && baseline.equals(candidate)) {
      throw new IllegalArgumentException("an A/B comparison needs two different sides: set"
          + " perflab.compare.baseline (e.g. perflab-base/{app}:{version}-{mode}) or perflab.compare.baseline.results"
          + " (an earlier results.json); to compare the images with themselves use -Dperflab.compare=aa");
    }
  }

  public static CompareSettings read() {
    return new CompareSettings(
        Settings.get("perflab.compare", CompareMode::parse, null),
        Settings.get("perflab.compare.baseline", ImageTemplate::parse, ImageTemplate.CATALOG),
        Settings.get("perflab.compare.candidate", ImageTemplate::parse, ImageTemplate.CATALOG),
        Settings.get("perflab.compare.baseline.results", Path::of, null),
        Settings.get("perflab.cells", CompareSettings::list, List.of()),
        Settings.get("perflab.compare.repetitions", Integer::parseInt, 5),
        Settings.get("perflab.compare.runs", Integer::parseInt, 1),
        Settings.get("perflab.compare.thresholds", CompareSettings::thresholds, defaultThresholds()),
        Settings.get("perflab.compare.force", Boolean::parseBoolean, false),
        Settings.get("perflab.upgrade.app", String::strip, null),
        Settings.get("perflab.upgrade.from", String::strip, null),
        Settings.get("perflab.upgrade.to", String::strip, null),
        Settings.get("perflab.compare.slowdown", Double::parseDouble, 0.10),
        Settings.get("perflab.compare.load", Boolean::parseBoolean, false),
        Settings.get("perflab.compare.load.repetitions", Integer::parseInt, 3));
  }

  public double threshold(Metric metric) {
    return thresholds.get(metric);
  }

  /** Whether {@code cellId} is selected by {@link #cells()}. */
  public boolean selects(String cellId) {
    return cells.isEmpty() || cells.stream().anyMatch(pattern -> matches(pattern, cellId));
  }

  private static boolean matches(String pattern, String cellId) {
    String[] wanted = pattern.split("/");
    String[] parts = cellId.split("/");
    if (wanted.length != parts.length) {
      return false;
    }
    for (int i = 0; i < parts.length; i++) {
      if (!wanted[i].equals("*") && !wanted[i].equals(parts[i])) {
        return false;
      }
    }
    return true;
  }

  private static List<String> list(String value) {
    return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
  }

  private static Map<Metric, Double> defaultThresholds() {
    Map<Metric, Double> thresholds = new EnumMap<>(Metric.class);
    for (Metric metric : Metric.values()) {
      if (metric.compared()) {
        thresholds.put(metric, metric.defaultThreshold());
      }
    }
    return thresholds;
  }

  /** "timeToFirstOkMillis=0.03, rssBytesAfterWarmup=0.08": the listed ones replace their defaults. */
  static Map<Metric, Double> thresholds(String value) {
    Map<Metric, Double> thresholds = defaultThresholds();
    for (String entry : list(value)) {
      String[] keyValue = entry.split("=", 2);
      if (keyValue.length != 2) {
        throw new IllegalArgumentException("'" + entry + "' is not metric=fraction, e.g. timeToFirstOkMillis=0.05");
      }
      Metric metric = Metric.byKey(keyValue[0].strip());
      if (!metric.compared()) {
        throw new IllegalArgumentException("a comparison does not gate on " + metric.key() + "; it gates on "
            + thresholds.keySet().stream().map(Metric::key).toList());
      }
      thresholds.put(metric, Verdict.checkThreshold(Double.parseDouble(keyValue[1].strip())));
    }
    return thresholds;
  }
}
