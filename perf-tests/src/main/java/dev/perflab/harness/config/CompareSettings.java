package dev.perflab.harness.config;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.RatioInterval;
import dev.perflab.harness.stats.Verdict;
import java.nio.file.Path;
import java.time.Duration;
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
 * @param repetitionsPerSide the most measured launches per side and cell (pairs, interleaved), after one
 *     discarded launch per side; the comparison stops sooner once its verdicts are decided; against a
 *     recorded run, the most side B launches
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
 * @param timePerCell how long the launches of one cell may take, the discarded ones included: the
 *     pairs are planned to fit, and a cell still running when it is up is judged at its last pair
 */
public record CompareSettings(
    CompareMode mode, ImageTemplate baseline, ImageTemplate candidate, Path baselineResults, List<String> cells,
    int repetitionsPerSide, int runs, Map<Metric, Double> thresholds, boolean force,
    String upgradeApp, String upgradeFrom, String upgradeTo, double slowdown, boolean load, int loadRepetitions,
    Duration timePerCell, Explain explain) {

  /**
   * The most pairs per cell: a bound the time per cell reaches first for every cell here (a quarkus/jvm
   * pair takes about 12 s, so 10 minutes hold about 50).
   */
  public static final int DEFAULT_MOST_PAIRS = 80;
  /** The time per cell the gate is calibrated for (docs/results: a 5 % change seen in at most this). */
  public static final Duration DEFAULT_TIME_PER_CELL = Duration.ofMinutes(10);

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
    if (timePerCell.isNegative() || timePerCell.isZero()) {
      throw new IllegalArgumentException("perflab.compare.minutes = " + timePerCell.toMinutes() + ": at least 1");
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
    refuseSidesTheModeWouldNotLaunch(mode, baseline, candidate, baselineResults);
    if (explain == Explain.JFR && baselineResults != null) {
      throw new IllegalArgumentException("perflab.compare.explain = jfr and perflab.compare.baseline.results = "
          + baselineResults + ": the flight recordings launch both sides, and side A is a recorded run here; compare"
          + " against baseline images (perflab.compare.baseline) to explain with JFR");
    }
    if (mode == CompareMode.AB && baselineResults == null && baseline.equals(candidate)) {
      throw new IllegalArgumentException("an A/B comparison needs two different sides: set"
          + " perflab.compare.baseline (e.g. perflab-base/{app}:{version}-{mode}) or perflab.compare.baseline.results"
          + " (an earlier results.json); to compare the images with themselves use -Dperflab.compare=aa");
    }
  }

  /**
   * A side set to images its comparison would not launch is refused, not ignored: a report must never
   * name a candidate it did not measure (an A/B against a recorded run once launched the catalog's
   * image on side B while the summary named the candidate given).
   */
  private static void refuseSidesTheModeWouldNotLaunch(CompareMode mode, ImageTemplate baseline,
      ImageTemplate candidate, Path baselineResults) {
    String what = mode == null ? null : switch (mode) {
      case AB -> null;
      case AA -> "an A/A comparison launches each cell's catalog image on both sides";
      case UPGRADE -> "an upgrade check launches the app built at perflab.upgrade.from (A) and perflab.upgrade.to (B)";
      case INJECTED_REGRESSION -> "an injected-regression check launches each cell's catalog image (A) and its"
          + " slowed variant (B)";
    };
    String alternative = " To compare images of your choice, use -Dperflab.compare=ab with perflab.compare.baseline"
        + " (or perflab.compare.baseline.results) and perflab.compare.candidate.";
    if (mode == null) {
      for (var side : List.of(Map.entry("perflab.compare.baseline", baseline.equals(ImageTemplate.CATALOG)),
          Map.entry("perflab.compare.candidate", candidate.equals(ImageTemplate.CATALOG)),
          Map.entry("perflab.compare.baseline.results", baselineResults == null))) {
        if (!side.getValue()) {
          throw new IllegalArgumentException(side.getKey() + " is set but perflab.compare is not: this run would be"
              + " the perf run, which launches the catalog's images and compares nothing. Add -Dperflab.compare=ab"
              + " to compare, or drop the setting.");
        }
      }
      return;
    }
    if (what != null) {
      if (!baseline.equals(ImageTemplate.CATALOG)) {
        throw new IllegalArgumentException("perflab.compare.baseline = " + baseline + ": " + what + ", not " + baseline
            + "." + alternative);
      }
      if (!candidate.equals(ImageTemplate.CATALOG)) {
        throw new IllegalArgumentException("perflab.compare.candidate = " + candidate + ": " + what + ", not "
            + candidate + "." + alternative);
      }
      if (baselineResults != null) {
        throw new IllegalArgumentException("perflab.compare.baseline.results = " + baselineResults + ": " + what
            + "; a recorded baseline is for -Dperflab.compare=ab.");
      }
    } else if (baselineResults != null && !baseline.equals(ImageTemplate.CATALOG)) {
      throw new IllegalArgumentException("perflab.compare.baseline = " + baseline + " and perflab.compare.baseline.results"
          + " = " + baselineResults + ": side A is either images or a recorded run; set one of the two.");
    }
  }

  public static CompareSettings read() {
    return new CompareSettings(
        Settings.get("perflab.compare", CompareMode::parse, null),
        Settings.get("perflab.compare.baseline", ImageTemplate::parse, ImageTemplate.CATALOG),
        Settings.get("perflab.compare.candidate", ImageTemplate::parse, ImageTemplate.CATALOG),
        Settings.get("perflab.compare.baseline.results", Path::of, null),
        Settings.get("perflab.cells", CompareSettings::list, List.of()),
        Settings.get("perflab.compare.repetitions", Integer::parseInt, DEFAULT_MOST_PAIRS),
        Settings.get("perflab.compare.runs", Integer::parseInt, 1),
        Settings.get("perflab.compare.thresholds", CompareSettings::thresholds, defaultThresholds()),
        Settings.get("perflab.compare.force", Boolean::parseBoolean, false),
        Settings.get("perflab.upgrade.app", String::strip, null),
        Settings.get("perflab.upgrade.from", String::strip, null),
        Settings.get("perflab.upgrade.to", String::strip, null),
        Settings.get("perflab.compare.slowdown", Double::parseDouble, 0.10),
        Settings.get("perflab.compare.load", Boolean::parseBoolean, false),
        Settings.get("perflab.compare.load.repetitions", Integer::parseInt, 3),
        Settings.get("perflab.compare.minutes", minutes -> Duration.ofMinutes(Long.parseLong(minutes)),
            DEFAULT_TIME_PER_CELL),
        Settings.get("perflab.compare.explain", Explain::parse, Explain.NONE));
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
      if (metric.gatedByDefault()) {
        thresholds.put(metric, metric.defaultThreshold());
      }
    }
    return thresholds;
  }

  /**
   * "timeToFirstOkMillis=0.03, classesLoadedAtFirstOk=0.02": the listed ones replace their defaults, or join the
   * gated metrics (a JVM counter).
   */
  public static Map<Metric, Double> thresholds(String value) {
    Map<Metric, Double> thresholds = defaultThresholds();
    for (String entry : list(value)) {
      String[] keyValue = entry.split("=", 2);
      if (keyValue.length != 2) {
        throw new IllegalArgumentException("'" + entry + "' is not metric=fraction, e.g. timeToFirstOkMillis=0.05");
      }
      Metric metric = Metric.byKey(keyValue[0].strip());
      if (!metric.compared()) {
        throw new IllegalArgumentException("a comparison cannot gate on " + metric.key() + "; it can gate on "
            + Arrays.stream(Metric.values()).filter(Metric::compared).map(Metric::key).toList());
      }
      thresholds.put(metric, Verdict.checkThreshold(Double.parseDouble(keyValue[1].strip())));
    }
    return thresholds;
  }
}
