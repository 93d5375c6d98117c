package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.node.WorkUnitCalibration;
import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An autoscaling experiment at one scale as the shared sweep runs it: run by run, each mode and framework once (so
 * drift spreads over them), the work unit calibrated once, in the reference framework, before the first run.
 */
final class AutoscalingPlan implements SweepPlan<AutoscalingPoint, AutoscalingData> {

  private static final Logger LOG = LoggerFactory.getLogger(AutoscalingPlan.class);

  private final Lab lab;
  private final String scaleName;
  private final AutoscalingSpec spec;
  private final AutoscalingScale scale;
  private final Catalog catalog;
  private final ImageIds images;
  private final PlannedPoints<AutoscalingPoint> planned;
  /** The reference framework's unit once calibrated, or why it could not be: every framework runs it. */
  private WorkUnitCalibration.Attempt unit;

  AutoscalingPlan(Lab lab, ExperimentRun run, AutoscalingSpec spec) {
    this(lab, lab.images()::find, run.catalog(), spec, run.scale(), run.apps());
  }

  /** Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished}). */
  static AutoscalingPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog,
      AutoscalingSpec spec, String scaleName, List<String> apps) {
    return new AutoscalingPlan(null, findImage, catalog, spec, scaleName, apps);
  }

  private AutoscalingPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog,
      AutoscalingSpec spec, String scaleName, List<String> apps) {
    this.lab = lab;
    this.scaleName = scaleName;
    this.spec = spec;
    this.scale = spec.scale(scaleName);
    this.catalog = catalog;
    this.images = new ImageIds(findImage);
    this.planned = plan(apps);
  }

  @Override
  public PlannedPoints<AutoscalingPoint> planned() {
    return planned;
  }

  @Override
  public String settings(AutoscalingPoint point) {
    PointSettings settings = new PointSettings(AutoscalingSpec.KIND.key(), scaleName, point.id(), catalog, images);
    settings.put("variant", spec.variant());
    settings.put("requestShares", spec.requestShares());
    settings.put("unit", List.of(spec.unitReference(), spec.unitCpuMillis(), scale.modes().getFirst()));
    settings.put("policy", spec.policy(scale));
    settings.put("slo", spec.slo());
    settings.put("load", List.of(scale.warmupSeconds(), scale.thinkMinMillis(), scale.thinkMaxMillis(),
        scale.phases(), scale.calibrationSeconds()));
    settings.launching(point.app().imageFor(point.mode()));
    return settings.json();
  }

  @Override
  public AutoscalingData run(AutoscalingPoint point) throws InterruptedException {
    if (unit == null) {
      unit = WorkUnitCalibration.attempt(lab, catalog.app(spec.unitReference()),
          catalog.mode(scale.modes().getFirst()), spec.unitCpuMillis(), Duration.ofSeconds(scale.calibrationSeconds()));
    }
    if (unit.failure() != null) {
      return AutoscalingPointRun.failed(point, unit.failureFor(point.id()));
    }
    return new AutoscalingPointRun(lab, spec, scale).run(point, unit.unit().unitIterations());
  }

  @Override
  public Optional<String> failure(AutoscalingData pointData) {
    return pointData.runs().stream().filter(row -> !row.measured())
        .map(row -> Objects.requireNonNullElse(row.failure(), "not measured")).findFirst();
  }

  @Override
  public String outcome(AutoscalingData pointData) {
    return pointData.runs().stream().filter(AutoscalingData.RunRow::measured)
        .map(row -> String.format(Locale.ROOT, "$%.5f, %d s out of the SLO, at most %d replicas", row.costDollars(),
            row.sloViolationSeconds(), row.maxReplicas()))
        .findFirst().orElse("FAILED");
  }

  @Override
  public Dataset<AutoscalingData> dataset() {
    return new Dataset<>(AutoscalingData.class, AutoscalingData.EMPTY, AutoscalingDataset::write);
  }

  /** Run by run, each mode, each framework of the scale (or of {@code apps}) whose image is here. */
  private PlannedPoints<AutoscalingPoint> plan(List<String> apps) {
    for (String app : apps) {
      if (!scale.apps().contains(app)) {
        throw new IllegalArgumentException("perflab.experiment.apps: '" + app + "' is not one of the scale '"
            + scaleName + "''s apps " + scale.apps());
      }
    }
    PlannedPoints.Builder<AutoscalingPoint> plan = PlannedPoints.builder(images);
    List<App> chosen = (apps.isEmpty() ? scale.apps() : apps).stream().map(catalog::app).toList();
    for (int repetition = 0; repetition < scale.runs(); repetition++) {
      for (String modeName : scale.modes()) {
        Mode mode = catalog.mode(modeName);
        for (App app : chosen) {
          if (plan.hasImage(app.name(), app, mode)) {
            plan.add(new AutoscalingPoint(app, mode, repetition));
          }
        }
      }
    }
    return plan.build();
  }
}
