package dev.perflab.harness.experiment.calibration;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.stats.Verdict;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: gate-calibration} experiment ({@code gateCalibration:}), and its engine: the gate's own
 * comparisons of one cell, A/A and with work of known sizes injected into B, counted per metric, so that which
 * metrics may gate, and at what threshold, rests on measured false-alarm and detection rates. Every point is one
 * comparison; a run resumes, and raising a series' comparisons adds to it, so the series grows across runs and days.
 *
 * @param app, mode, profile the cell compared (JVM mode without an AOT cache where a series injects: the agents)
 * @param thresholds every metric judged, by key, with the threshold it is judged at; each comparison stops once all
 *     are decided
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record GateCalibrationSpec(String app, String mode, String profile, Map<String, Double> thresholds,
    Map<String, CalibrationScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("gate-calibration", "gateCalibration",
      GateCalibrationSpec.class, CalibrationFindings.IDS, List.of(CalibrationDataset.COMPARISONS_CSV,
          CalibrationDataset.COMPARISONS_JSON, CalibrationDataset.JUDGEMENTS_CSV, CalibrationDataset.JUDGEMENTS_JSON));

  /** A pair of launches with their containers' creation and removal, about (Micronaut's 1-CPU JVM start here). */
  private static final Duration PAIR = Duration.ofSeconds(9);

  public GateCalibrationSpec {
    required(app, "app");
    required(mode, "mode");
    required(profile, "profile");
    thresholds = Map.copyOf(required(thresholds, "thresholds"));
    if (thresholds.isEmpty()) {
      throw new IllegalArgumentException("'thresholds' names at least one metric to judge, e.g."
          + " classesLoadedAtFirstOk: 0.02");
    }
    judged(thresholds);
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
  }

  /** The judged metrics with their thresholds. */
  public Map<Metric, Double> judged() {
    return judged(thresholds);
  }

  private static Map<Metric, Double> judged(Map<String, Double> thresholds) {
    Map<Metric, Double> judged = new EnumMap<>(Metric.class);
    thresholds.forEach((key, threshold) -> {
      Metric metric;
      try {
        metric = Metric.byKey(key);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'thresholds': " + e.getMessage());
      }
      if (!metric.compared() || Metric.IMAGE_SIZE_BYTES == metric || Metric.P99_AT_FIXED_RATE_MICROS == metric
          || Metric.CAPACITY_PER_SECOND == metric) {
        throw new IllegalArgumentException("'thresholds': " + key + " is not a launch's figure the gate judges in"
            + " pairs; the launch's are timeToFirstOkMillis, rssBytesAfterWarmup and the JVM counters"
            + " (classesLoadedAtFirstOk, …)");
      }
      if (threshold == null) {
        throw new IllegalArgumentException("'thresholds': " + key + " has no threshold");
      }
      judged.put(metric, Verdict.checkThreshold(threshold));
    });
    return judged;
  }

  /** The compared cell, on the catalog's image. */
  Cell cell(Catalog catalog) {
    return new Cell(catalog.app(app), catalog.mode(mode), catalog.profile(profile));
  }

  public CalibrationScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  @Override
  public void check(SpecCheck check) {
    check.app(app, "gateCalibration.app");
    check.mode(mode, "gateCalibration.mode");
    check.profile(profile, "gateCalibration.profile");
    Mode catalogMode = check.catalog().mode(mode);
    boolean injects = scales.values().stream().flatMap(scale -> scale.series().stream())
        .anyMatch(series -> series.injected() != InjectedWork.NONE);
    if (injects && (!catalogMode.jvm() || catalogMode.aotCache() != null)) {
      throw check.refuse(mode, "gateCalibration.mode", "the injected series put a Java agent into the image, which"
          + " only a JVM-mode image without an AOT cache takes (an AOT cache refuses an agent it was not trained"
          + " with); use mode jvm, or only A/A series");
    }
  }

  /** The sizing launches, then per comparison its discarded pair and its most pairs. */
  @Override
  public Duration estimate(String scaleName) {
    long pairs = 2;
    for (CalibrationSeries series : scale(scaleName).series()) {
      pairs += (long) series.comparisons() * (1 + series.mostPairs());
    }
    return PAIR.multipliedBy(pairs);
  }

  /** Every comparison finished under today's setup: nothing to measure, not even the machine reference. */
  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), new CalibrationPlan(null, Images.local()::find, run.catalog(), this,
        run.scale(), null));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    Sweep.Outcome<CalibrationData> outcome;
    try (Lab lab = Lab.open(run.catalog(), run.config())) {
      try (InjectedSides sides = new InjectedSides(lab, cell(run.catalog()), run.reportDir())) {
        outcome = Sweep.run(run.reportDir(), new CalibrationPlan(lab, run.catalog(), this, run.scale(), sides));
      }
    }
    return CalibrationResult.of(run, this, outcome);
  }
}
