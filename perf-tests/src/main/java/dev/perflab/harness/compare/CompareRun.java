package dev.perflab.harness.compare;

import dev.perflab.harness.build.SlowedVariant;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ComparisonReport;
import dev.perflab.harness.result.LaunchedImage;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.stats.Distribution;
import dev.perflab.harness.stats.Percent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A comparison run from its settings: picks the cells, works out both sides' images (building what
 * the mode needs), runs every cell interleaved in one lab, {@code runs} times over, and returns the
 * report.
 */
public final class CompareRun {

  private static final Logger LOG = LoggerFactory.getLogger(CompareRun.class);
  /** Launches of the baseline that size the injected delay; measured, then left out. */
  private static final int SIZING_LAUNCHES = 3;

  private CompareRun() {}

  public static ComparisonReport run(Catalog catalog, HarnessConfig config, EnvironmentRecord environment, Images images)
      throws IOException, InterruptedException {
    CompareSettings settings = config.compare();
    List<Cell> cells = selectedCells(catalog, settings);
    List<String> notes = new ArrayList<>();
    BaselineResults recorded = null;
    List<CellPair> pairs = new ArrayList<>();
    switch (settings.mode()) {
      case AA -> cells.forEach(cell -> pairs.add(new CellPair(cell, cell)));
      case AB -> {
        if (settings.baselineResults() != null) {
          recorded = BaselineResults.read(settings.baselineResults());
          notes.add(recordedBaselineNote(recorded, environment, settings.force()));
        } else {
          cells.forEach(cell -> pairs.add(new CellPair(cell.withImage(cell.image(settings.baseline())),
              cell.withImage(cell.image(settings.candidate())))));
        }
      }
      case UPGRADE -> {
        UpgradeCheck upgrade = UpgradeCheck.prepare(catalog, cells, settings, config, images);
        pairs.addAll(upgrade.pairs());
        notes.addAll(upgrade.notes());
      }
      case INJECTED_REGRESSION -> {
        List<Cell> jvmCells = cells.stream().filter(cell -> cell.mode().jvm() && cell.mode().aotCache() == null).toList();
        if (jvmCells.size() != cells.size()) {
          throw new IllegalArgumentException("perflab.cells: the injected regression slows a JVM-mode image with a"
              + " Java agent, which an AOT cache refuses; choose JVM-mode cells, e.g. quarkus/jvm/1cpu-512m");
        }
      }
    }
    List<List<CellComparison>> runs = new ArrayList<>();
    try (Lab lab = Lab.open(catalog, config)) {
      if (settings.mode() == CompareMode.INJECTED_REGRESSION) {
        for (Cell cell : cells) {
          pairs.add(slowedPair(lab, cell, settings.slowdown(), config, notes));
        }
      }
      for (int run = 1; run <= settings.runs(); run++) {
        LOG.info("comparison run {} of {}", run, settings.runs());
        List<CellComparison> compared = new ArrayList<>();
        if (recorded != null) {
          for (Cell cell : cells) {
            BaselineResults.RecordedCell recordedCell = recorded.cells().get(cell.id());
            Cell candidate = candidateAgainstRecorded(cell, settings);
            compared.add(recordedCell == null
                ? CellComparison.notCompared(cell.id(), LaunchedImage.none("not in " + recorded.file()),
                    LaunchedImage.none(candidate.image()), Map.of(),
                    Outcome.unavailable("the recorded baseline has no measured launches of this cell"))
                : InterleavedRun.compareToRecorded(lab, candidate, recordedCell, settings));
          }
        } else {
          for (CellPair pair : pairs) {
            compared.add(InterleavedRun.compare(lab, pair, settings, catalog.load(), seed(pair, run)));
          }
        }
        int number = run;
        compared.forEach(cell -> cell.comparisons().forEach(c -> LOG.info("run {} {} {}", number, cell.cellId(),
            c.describe())));
        runs.add(compared);
      }
      if (settings.explain() == Explain.JFR && recorded == null) {
        runs.set(runs.size() - 1, explained(lab, pairs, runs.getLast(), config));
      }
    }
    Map<String, Double> thresholds = new LinkedHashMap<>();
    new EnumMap<>(settings.thresholds()).forEach((metric, threshold) -> thresholds.put(metric.key(), threshold));
    notes.addAll(sameImageNotes(settings.mode(), runs.getLast()));
    return new ComparisonReport(settings.mode(), environment, settings.repetitionsPerSide(),
        settings.timePerCell().toMinutes(), settings.mode() == CompareMode.INJECTED_REGRESSION ? settings.slowdown() : 0,
        thresholds, notes, runs);
  }

  /**
   * One cell compared as the gate compares it: one discarded launch a side, pairs in an order drawn from
   * {@code seed}, looks every ten pairs, stopped once decided. What an experiment made of comparisons runs per point.
   */
  public static CellComparison compareCell(Lab lab, CellPair pair, CompareSettings settings, LoadSettings load,
      long seed) {
    return InterleavedRun.compare(lab, pair, settings, load, seed);
  }

  /** The last run's cells, each with its starts recorded and set side by side (a failed cell as it is). */
  private static List<CellComparison> explained(Lab lab, List<CellPair> pairs, List<CellComparison> cells,
      HarnessConfig config) throws InterruptedException {
    List<CellComparison> explained = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      CellComparison cell = cells.get(i);
      explained.add(cell.outcome().failed() ? cell : cell.withExplanation(StartupExplainer.explain(lab, pairs.get(i),
          config.reportDir().resolve("flight-recordings").resolve(cell.cellId().replace('/', '_')))));
    }
    return explained;
  }

  /** The seed of a cell's pair orders in one run: fixed, so a run can be repeated order for order. */
  static long seed(CellPair pair, int run) {
    return 31L * pair.cellId().hashCode() + run;
  }

  /**
   * Side B against a recorded run: the cell on the candidate's image ({@code perflab.compare.candidate},
   * the catalog's by default), as against baseline images.
   */
  static Cell candidateAgainstRecorded(Cell cell, CompareSettings settings) {
    return cell.withImage(cell.image(settings.candidate()));
  }

  /** Where an A/B or upgrade ran one image on both sides: whatever the names said, that was an A/A. */
  private static List<String> sameImageNotes(CompareMode mode, List<CellComparison> cells) {
    if (mode == CompareMode.AA) {
      return List.of();
    }
    return cells.stream().filter(cell -> cell.baselineLaunched().sameImageAs(cell.candidateLaunched()))
        .map(cell -> cell.cellId() + ": both sides ran the same image (" + cell.candidateLaunched().shortId()
            + "), so this comparison measured the machine, not a change: any verdict other than no change is noise"
            + " or drift.")
        .toList();
  }

  static List<Cell> selectedCells(Catalog catalog, CompareSettings settings) {
    List<Cell> cells = catalog.cells().stream().filter(cell -> settings.selects(cell.id())).toList();
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("perflab.cells = " + String.join(",", settings.cells())
          + " selects no cell; the cells are " + catalog.cells().stream().map(Cell::id).toList());
    }
    return cells;
  }

  /** Refuses a baseline from another kind of machine unless forced; says why the comparison is weaker. */
  private static String recordedBaselineNote(BaselineResults recorded, EnvironmentRecord now, boolean force) {
    List<String> differences = now.fingerprint().differencesFrom(recorded.fingerprint());
    if (!differences.isEmpty() && !force) {
      throw new IllegalStateException("the baseline " + recorded.file() + " was measured in another environment"
          + " (fingerprint " + recorded.fingerprint().id() + ", now " + now.fingerprint().id() + "): "
          + String.join("; ", differences) + ". Its figures are not comparable with this machine's; rerun the"
          + " baseline here, or set -Dperflab.compare.force=true to compare anyway");
    }
    String note = "The baseline is a recorded run, not interleaved with the candidate: drift of the machine between"
        + " the two runs is not controlled, so these verdicts are weaker than an interleaved A/B.";
    return differences.isEmpty() ? note
        : note + " Its environment differs and the comparison was forced: " + String.join("; ", differences) + ".";
  }

  /**
   * Measures the baseline a few times, then builds its variant slowed by {@code slowdown} of that median:
   * as much CPU work, which at the profile's quota takes about as long (a cell's startup is CPU-bound).
   */
  private static CellPair slowedPair(Lab lab, Cell cell, double slowdown, HarnessConfig config, List<String> notes)
      throws IOException, InterruptedException {
    List<Double> firstOk = new ArrayList<>();
    for (int launch = 0; launch < SIZING_LAUNCHES; launch++) {
      try {
        firstOk.add(lab.launcher().measure(cell, launch, true, new LaunchSteps(false, false)).timeToFirstOkMillis());
      } catch (CellLaunchException e) {
        throw new IllegalStateException("sizing the injected delay: " + e.failure().describe(), e);
      }
    }
    double median = Distribution.of(firstOk).median();
    long delayMillis = Math.round(slowdown * median);
    String variant = SlowedVariant.build(cell.image(), delayMillis,
        config.reportDir().resolve("slowed-variant").resolve(cell.id().replace('/', '_')));
    notes.add(String.format(Locale.ROOT, "B for %s is %s: the same image with a Java agent that works the CPU for %d ms"
        + " of CPU time before main, %s of the baseline's median first OK over %d sizing launches (%.0f ms).", cell.id(),
        variant, delayMillis, Percent.of(slowdown), SIZING_LAUNCHES, median));
    LOG.info("{}: built {} ({} ms slower to start)", cell.id(), variant, delayMillis);
    return new CellPair(cell, cell.withImage(variant));
  }
}
