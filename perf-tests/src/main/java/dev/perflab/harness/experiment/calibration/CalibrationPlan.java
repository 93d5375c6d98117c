package dev.perflab.harness.experiment.calibration;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.compare.CellPair;
import dev.perflab.harness.compare.CompareRun;
import dev.perflab.harness.config.CompareMode;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.ImageTemplate;
import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellComparison;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.stats.Comparison;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.Objects;

/**
 * A gate calibration at one scale as the shared sweep runs it: round by round, one comparison of every series that
 * has one left, each run as the gate runs a cell ({@link CompareRun#compareCell}: one discarded launch a side, pairs
 * in a random order, looks every ten pairs, stop once decided), judging every metric of the file's thresholds. The
 * injected sides are sized once a run from the base image's own launches ({@link InjectedSides}).
 */
final class CalibrationPlan implements SweepPlan<CalibrationPoint, CalibrationData> {

  private final Lab lab;
  private final Catalog catalog;
  private final GateCalibrationSpec spec;
  private final String scaleName;
  private final CalibrationScale scale;
  private final Cell base;
  private final ImageIds images;
  private final InjectedSides sides;
  private final PlannedPoints<CalibrationPoint> planned;

  CalibrationPlan(Lab lab, Catalog catalog, GateCalibrationSpec spec, String scaleName, InjectedSides sides) {
    this(lab, lab.images()::find, catalog, spec, scaleName, sides);
  }

  /** With {@code findImage} for the engine's images: a plan asked only for its points and settings needs no lab. */
  CalibrationPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, GateCalibrationSpec spec,
      String scaleName, InjectedSides sides) {
    this.lab = lab;
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.base = spec.cell(catalog);
    this.images = new ImageIds(findImage);
    this.sides = sides;
    this.planned = plan(base.app(), base.mode());
  }

  @Override
  public PlannedPoints<CalibrationPoint> planned() {
    return planned;
  }

  /**
   * The series (its work, size and bounds), the cell, the judged metrics with their thresholds, the JVM options and
   * the base image with its ID. Not the count of comparisons: raising it adds comparisons and keeps those done.
   */
  @Override
  public String settings(CalibrationPoint point) {
    PointSettings settings = new PointSettings(GateCalibrationSpec.KIND.key(), scaleName, point.id(), catalog, images);
    CalibrationSeries series = point.series();
    settings.put("injected", series.injected().key());
    settings.put("size", series.size());
    settings.put("mostPairs", series.mostPairs());
    settings.put("minutesPerComparison", series.minutesPerComparison());
    settings.put("cell", base.id());
    Map<String, Double> thresholds = new TreeMap<>();
    spec.judged().forEach((metric, threshold) -> thresholds.put(metric.key(), threshold));
    settings.put("thresholds", thresholds);
    settings.launching(base.image());
    return settings.json();
  }

  /** One comparison; a side that cannot be built or launched is a failed row with why, and the rest still run. */
  @Override
  public CalibrationData run(CalibrationPoint point) throws IOException, InterruptedException {
    CalibrationSeries series = point.series();
    InjectedSides.Sides pair;
    try {
      pair = sides.forSeries(series);
    } catch (IOException | RuntimeException e) {
      return failed(point, point.id() + ": readying its sides: " + e.getMessage());
    }
    CompareSettings settings = new CompareSettings(
        series.injected() == InjectedWork.NONE ? CompareMode.AA : CompareMode.INJECTED_REGRESSION,
        ImageTemplate.CATALOG, ImageTemplate.CATALOG, null, List.of(), series.mostPairs(), 1, spec.judged(), false,
        null, null, null, series.injected() == InjectedWork.NONE ? 0.10 : series.size(), false, 3,
        Duration.ofMinutes(series.minutesPerComparison()), Explain.NONE);
    CellComparison compared = CompareRun.compareCell(lab,
        new CellPair(base.withImage(pair.baselineImage()), base.withImage(pair.candidateImage())), settings,
        catalog.load(), seed(point));
    String failure = compared.outcome() instanceof Outcome.Failed failed ? failed.describe()
        : compared.outcome() instanceof Outcome.Unavailable unavailable ? unavailable.reason() : null;
    CalibrationComparison row = new CalibrationComparison(series.name(), series.injected().key(), series.size(),
        point.number(), pair.baselineImage(), pair.candidateImage(), pair.injectedAmount(), pair.sizedFrom(),
        compared.pairedRun() == null ? 0 : compared.pairedRun().pairs(),
        compared.pairedRun() == null ? "FAILED" : compared.pairedRun().stop().name(),
        compared.pairedRun() == null ? 0 : compared.pairedRun().minutes(), failure);
    List<CalibrationJudgement> judgements = new ArrayList<>();
    for (Comparison comparison : compared.comparisons()) {
      if (comparison.isExact()) {
        continue; // the image's size: not a launch's figure
      }
      Metric metric = comparison.metric();
      judgements.add(new CalibrationJudgement(series.name(), series.injected().key(), series.size(), point.number(),
          metric.key(), comparison.threshold(), comparison.ratio().ratio(), comparison.ratio().lower(),
          comparison.ratio().upper(), comparison.ratio().confidence(), comparison.verdict().name(),
          comparison.baseline().median(), comparison.candidate().median(), comparison.baseline().n(),
          largestPairChange(compared.baseline().get(metric.key()), compared.candidate().get(metric.key()))));
    }
    return new CalibrationData(List.of(row), judgements);
  }

  /** The largest |b/a − 1| over the pairs both sides have; 0 where none has. */
  static double largestPairChange(List<Double> a, List<Double> b) {
    double largest = 0;
    for (int i = 0; a != null && b != null && i < Math.min(a.size(), b.size()); i++) {
      if (a.get(i) > 0) {
        largest = Math.max(largest, Math.abs(b.get(i) / a.get(i) - 1));
      }
    }
    return largest;
  }

  /** A comparison's pair orders: fixed per point, so a point measured again draws the same orders. */
  static long seed(CalibrationPoint point) {
    return 31L * point.series().name().hashCode() + point.number();
  }

  /** A comparison whose sides could not be readied: no image launched, nothing judged. */
  private static CalibrationData failed(CalibrationPoint point, String why) {
    CalibrationSeries series = point.series();
    return new CalibrationData(List.of(new CalibrationComparison(series.name(), series.injected().key(), series.size(),
        point.number(), null, null, 0, null, 0, "FAILED", 0, why)), List.of());
  }

  @Override
  public Optional<String> failure(CalibrationData pointData) {
    return pointData.comparisons().stream().map(CalibrationComparison::failure).filter(Objects::nonNull).findFirst();
  }

  @Override
  public String outcome(CalibrationData pointData) {
    CalibrationComparison comparison = pointData.comparisons().getFirst();
    if (!comparison.measured()) {
      return "FAILED";
    }
    Map<String, String> verdicts = new LinkedHashMap<>();
    pointData.judgements().stream().filter(j -> !"NO_CHANGE".equals(j.verdict()))
        .forEach(j -> verdicts.put(j.metric(), j.verdict()));
    return String.format(Locale.ROOT, "%d pairs, %.1f min, %s", comparison.pairs(), comparison.minutes(),
        verdicts.isEmpty() ? "no change" : verdicts.toString());
  }

  @Override
  public Dataset<CalibrationData> dataset() {
    return new Dataset<>(CalibrationData.class, CalibrationData.EMPTY, CalibrationDataset::write);
  }

  /** Round by round, each series' next comparison, in the file's order of series. */
  private PlannedPoints<CalibrationPoint> plan(App app, Mode mode) {
    PlannedPoints.Builder<CalibrationPoint> plan = PlannedPoints.builder(images);
    if (plan.hasImage(app.name() + "/" + mode.name(), app, mode)) {
      for (int round = 1; round <= scale.rounds(); round++) {
        for (CalibrationSeries series : scale.series()) {
          if (round <= series.comparisons()) {
            plan.add(new CalibrationPoint(series, round));
          }
        }
      }
    }
    return plan.build();
  }
}
