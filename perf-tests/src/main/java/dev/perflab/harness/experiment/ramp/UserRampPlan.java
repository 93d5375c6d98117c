package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import java.util.Optional;
import java.util.function.Function;
import java.util.Objects;

/**
 * A user-ramp experiment at one scale as the shared sweep runs it: repetition by repetition, each variant as
 * the file lists them, each ramp in a fresh container ({@link UserRampPointRun}) at the one CPU limit the run found
 * ({@link UserRampCalibration}) or the file gives.
 */
final class UserRampPlan implements SweepPlan<UserRampPoint, UserRampData> {

  private final Lab lab;
  private final Catalog catalog;
  private final UserRampSpec spec;
  private final String scaleName;
  private final UserRampScale scale;
  private final ImageIds images;
  private final CpuLimit cpus;
  private final PlannedPoints<UserRampPoint> planned;

  UserRampPlan(Lab lab, Catalog catalog, UserRampSpec spec, String scaleName, CpuLimit cpus) {
    this(lab, lab.images()::find, catalog, spec, scaleName, cpus);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished});
   * it runs none.
   */
  static UserRampPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, UserRampSpec spec,
      String scaleName, CpuLimit cpus) {
    return new UserRampPlan(null, findImage, catalog, spec, scaleName, cpus);
  }

  private UserRampPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, UserRampSpec spec,
      String scaleName, CpuLimit cpus) {
    this.lab = lab;
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.images = new ImageIds(findImage);
    this.cpus = cpus;
    this.planned = plan();
  }

  @Override
  public PlannedPoints<UserRampPoint> planned() {
    return planned;
  }

  /**
   * The point, the limits (the CPU one as calibrated: a ramp resumes only at the limit it was measured at), what is
   * sent, the ramp and its stop rule, the JVM options, its image and the lab's, with their IDs.
   */
  @Override
  public String settings(UserRampPoint point) {
    PointSettings settings = new PointSettings(UserRampSpec.KIND.key(), scaleName, point.id(), catalog, images);
    settings.put("cpus", cpus.cores());
    settings.put("memoryMebibytes", spec.memoryMebibytes());
    settings.put("mix", spec.mix());
    settings.put("ramp", scale.ramp());
    settings.put("stopRule", "p95 and error ratio over every request since the ramp's start, waiting ones at"
        + " their age");
    settings.launching(point.app().imageFor(point.mode()));
    settings.put("environment", new java.util.TreeMap<>(point.app().environment()));
    settings.labImage("stub", point.app(), LabService.DOWNSTREAM);
    settings.labImage("database", point.app(), LabService.DATABASE);
    return settings.json();
  }

  @Override
  public UserRampData run(UserRampPoint point) throws InterruptedException {
    return new UserRampPointRun(lab, new RequestMix(spec.mix())).run(point, scale.ramp().model());
  }

  @Override
  public Optional<String> failure(UserRampData pointData) {
    return pointData.rows().stream().map(RampRow::failure).filter(Objects::nonNull).findFirst();
  }

  @Override
  public String outcome(UserRampData pointData) {
    RampRow last = pointData.rows().getLast();
    return last.measured() ? last.endReason() + " (" + last.users() + " users, second " + (last.second() + 1) + ")"
        : "FAILED";
  }

  @Override
  public Dataset<UserRampData> dataset() {
    return new Dataset<>(UserRampData.class, UserRampData.EMPTY, UserRampDataset::write);
  }

  /** Repetition by repetition, each variant as the file lists them; a variant without its image here is skipped. */
  private PlannedPoints<UserRampPoint> plan() {
    PlannedPoints.Builder<UserRampPoint> plan = PlannedPoints.builder(images);
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (RampVariantSpec variant : scale.variants()) {
        App app = catalog.app(variant.app()).variant(variant.name(), variant.environment());
        Mode mode = catalog.mode(variant.mode());
        if (plan.hasImage(variant.name(), app, mode)) {
          plan.add(new UserRampPoint(app, mode, cpus, spec.memoryMebibytes(), repetition));
        }
      }
    }
    return plan.build();
  }
}
