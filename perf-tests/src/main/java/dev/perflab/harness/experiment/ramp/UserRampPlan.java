package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A user-ramp experiment at one scale as the shared sweep runs it: repetition by repetition, each variant as
 * the file lists them, each ramp in a fresh container ({@link UserRampPointRun}).
 */
final class UserRampPlan implements SweepPlan<UserRampPoint, UserRampData> {

  private final Lab lab;
  private final Catalog catalog;
  private final UserRampSpec spec;
  private final String scaleName;
  private final UserRampScale scale;
  private final List<String> skipped = new ArrayList<>();
  private final ImageIds images;
  private final List<UserRampPoint> points;

  UserRampPlan(Lab lab, Catalog catalog, UserRampSpec spec, String scaleName) {
    this(lab, lab.images()::find, catalog, spec, scaleName);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished});
   * it runs none.
   */
  static UserRampPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, UserRampSpec spec,
      String scaleName) {
    return new UserRampPlan(null, findImage, catalog, spec, scaleName);
  }

  private UserRampPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, UserRampSpec spec,
      String scaleName) {
    this.lab = lab;
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.images = new ImageIds(findImage);
    this.points = plan();
  }

  @Override
  public List<UserRampPoint> points() {
    return points;
  }

  @Override
  public List<String> skipped() {
    return List.copyOf(skipped);
  }

  /** The point, the limits, what is sent, the ramp, the JVM options, its image and the lab's, with their IDs. */
  @Override
  public String settings(UserRampPoint point) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("kind", UserRampSpec.KIND.key());
    settings.put("scale", scaleName);
    settings.put("point", point.id());
    settings.put("cpus", spec.cpus());
    settings.put("memoryMebibytes", spec.memoryMebibytes());
    settings.put("mix", spec.mix());
    settings.put("ramp", scale.ramp());
    settings.put("jvmOptions", catalog.jdkJavaOptions());
    settings.put("image", images.withId(point.app().imageFor(point.mode())));
    settings.put("environment", new java.util.TreeMap<>(point.app().environment()));
    if (point.app().uses(LabService.DOWNSTREAM)) {
      settings.put("stub", images.withId(catalog.downstream().image()));
    }
    if (point.app().uses(LabService.DATABASE)) {
      settings.put("database", images.withId(catalog.database().image()));
    }
    try {
      return Json.MAPPER.writeValueAsString(settings);
    } catch (IOException e) {
      throw new IllegalStateException("a ramp's settings are plain values", e);
    }
  }

  @Override
  public UserRampData run(UserRampPoint point) throws InterruptedException {
    return new UserRampPointRun(lab, new RequestMix(spec.mix())).run(point, scale.ramp().model());
  }

  @Override
  public String outcome(UserRampData pointData) {
    RampRow last = pointData.rows().getLast();
    return last.measured() ? last.endReason() + " (" + last.users() + " users, second " + (last.second() + 1) + ")"
        : "FAILED";
  }

  @Override
  public Class<UserRampData> dataType() {
    return UserRampData.class;
  }

  @Override
  public UserRampData empty() {
    return UserRampData.EMPTY;
  }

  @Override
  public UserRampData plus(UserRampData sofar, UserRampData more) {
    return sofar.plus(more);
  }

  @Override
  public void write(Path reportDir, UserRampData data) throws IOException {
    UserRampDataset.write(reportDir, data);
  }

  /** Repetition by repetition, each variant as the file lists them; a variant without its image here is skipped. */
  private List<UserRampPoint> plan() {
    List<UserRampPoint> planned = new ArrayList<>();
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (RampVariantSpec variant : scale.variants()) {
        App app = catalog.app(variant.app()).variant(variant.name(), variant.environment());
        Mode mode = catalog.mode(variant.mode());
        if (app.imageFor(mode) == null || images.find(app.imageFor(mode)).isEmpty()) {
          if (repetition == 0) {
            skipped.add(variant.name() + ": no image " + app.imageFor(mode)
                + " in the local engine (build it with ./mvnw package)");
          }
          continue;
        }
        planned.add(new UserRampPoint(app, mode, CpuLimit.cores(spec.cpus()), spec.memoryMebibytes(), repetition));
      }
    }
    return planned;
  }
}
