package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.experiment.node.WorkUnitCalibration;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.Locale;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replication experiment at one scale as the shared sweep runs it: the work unit calibrated once, then
 * each configuration as the file lists it, each launched fresh ({@link ReplicationPointRun}).
 */
final class ReplicationPlan implements SweepPlan<ReplicationPoint, ReplicationData> {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicationPlan.class);

  private final Lab lab;
  private final ExperimentRun run;
  private final ReplicationSpec spec;
  private final ReplicationScale scale;
  private final Catalog catalog;
  private final ImageIds images;
  private final PlannedPoints<ReplicationPoint> planned;
  /** The unit once calibrated, or why it could not be. */
  private WorkUnitCalibration.Attempt unit;

  ReplicationPlan(Lab lab, ExperimentRun run, ReplicationSpec spec) {
    this(lab, lab.images()::find, run, spec);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished}); it runs
   * none.
   */
  static ReplicationPlan toCheck(Function<String, Optional<ImageInfo>> findImage, ExperimentRun run,
      ReplicationSpec spec) {
    return new ReplicationPlan(null, findImage, run, spec);
  }

  private ReplicationPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, ExperimentRun run,
      ReplicationSpec spec) {
    this.lab = lab;
    this.run = run;
    this.spec = spec;
    this.scale = spec.scale(run.scale());
    this.catalog = run.catalog();
    this.images = new ImageIds(findImage);
    this.planned = plan();
  }

  @Override
  public PlannedPoints<ReplicationPoint> planned() {
    return planned;
  }

  @Override
  public String settings(ReplicationPoint point) {
    PointSettings settings = new PointSettings(ReplicationSpec.KIND.key(), run.scale(), point.id(), catalog, images);
    settings.put("configuration", point.configuration());
    settings.put("replica", spec.replica(scale));
    settings.put("balancer", spec.balancer());
    settings.put("work", spec.work());
    settings.put("sessions", scale.sessions());
    settings.put("runs", scale.runs());
    settings.put("warmUpRuns", scale.warmUpRuns());
    settings.put("seconds", java.util.List.of(scale.settleSeconds(), scale.calibrationSeconds()));
    settings.launching(point.app().imageFor(point.mode()));
    settings.put("balancerImage", settings.withId(catalog.balancer().orElseThrow().image()));
    settings.labImage("database", point.app(), LabService.DATABASE);
    return settings.json();
  }

  @Override
  public ReplicationData run(ReplicationPoint point) throws InterruptedException {
    if (unit == null) {
      unit = WorkUnitCalibration.attempt(lab, point.app(), point.mode(), spec.work().unitCpuMillis(),
          Duration.ofSeconds(scale.calibrationSeconds()));
    }
    if (unit.failure() != null) {
      return ReplicationPointRun.failed(point, unit.failureFor(point.id()));
    }
    return new ReplicationPointRun(lab, spec, scale, run.reportDir()).run(point, unit.unit().unitIterations());
  }

  @Override
  public Optional<String> failure(ReplicationData pointData) {
    return pointData.steps().stream().map(StepRow::failure).filter(Objects::nonNull).findFirst();
  }

  @Override
  public String outcome(ReplicationData pointData) {
    return pointData.steps().stream().filter(StepRow::all).filter(StepRow::measured)
        .map(row -> String.format(Locale.ROOT, "run %d: Apdex %.2f, effective failures %.1f %%", row.run() + 1,
            row.apdex(), 100 * row.effectiveFailureRatio()))
        .reduce((a, b) -> a + "; " + b).orElse("FAILED");
  }

  @Override
  public Dataset<ReplicationData> dataset() {
    return new Dataset<>(ReplicationData.class, ReplicationData.EMPTY, ReplicationDataset::write);
  }

  /** Each configuration as the file lists it; none without the app's image here or the catalog's balancer. */
  private PlannedPoints<ReplicationPoint> plan() {
    PlannedPoints.Builder<ReplicationPoint> plan = PlannedPoints.builder(images);
    App app = catalog.app(spec.app());
    Mode mode = catalog.mode(spec.mode());
    if (catalog.balancer().isEmpty()) {
      throw new IllegalArgumentException(ReplicationPointRun.NO_BALANCER);
    }
    for (Configuration configuration : scale.configurations()) {
      if (plan.hasImage(app.name(), app, mode)) {
        plan.add(new ReplicationPoint(app, mode, configuration));
      }
    }
    return plan.build();
  }
}
