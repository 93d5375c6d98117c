package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.LoadModel;
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
 * A limits grid at one scale as the shared sweep runs it: every app x mode x CPU limit x memory limit,
 * repetition by repetition so that a drift of the machine spreads over every point rather than landing
 * on the last ones, each point in a fresh container ({@link GridPointRun}).
 */
final class GridPlan implements SweepPlan<GridPoint, GridData> {

  private final Lab lab;
  private final Function<String, Optional<ImageInfo>> findImage;
  private final Catalog catalog;
  private final LimitsGridSpec spec;
  private final String scaleName;
  private final GridScale scale;
  private final String experimentText;
  private final List<String> skipped = new ArrayList<>();
  private final ImageIds imageIds;
  private final List<GridPoint> points;

  /**
   * @param catalog the lab's catalog, whose JVM options include {@code JvmGcLog.OPTION}
   * @param experimentText the file as read: only what earlier versions fingerprinted points with
   */
  GridPlan(Lab lab, Catalog catalog, LimitsGridSpec spec, String scaleName, String experimentText) {
    this(lab, lab.images()::find, catalog, spec, scaleName, experimentText);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished});
   * it runs none.
   */
  static GridPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, LimitsGridSpec spec,
      String scaleName, String experimentText) {
    return new GridPlan(null, findImage, catalog, spec, scaleName, experimentText);
  }

  /** @param findImage the local engine's image of a name (a test's stand-in for the lab's) */
  GridPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, LimitsGridSpec spec,
      String scaleName, String experimentText) {
    this.lab = lab;
    this.findImage = findImage;
    this.imageIds = new ImageIds(findImage);
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.experimentText = experimentText;
    this.points = plan();
  }

  @Override
  public List<GridPoint> points() {
    return points;
  }

  @Override
  public List<String> skipped() {
    return List.copyOf(skipped);
  }

  /**
   * The point, what it is sent and how its staircase runs (its load and steps), the scale's timings,
   * the JVM options, its image and the images of the lab services it uses, each with its ID.
   */
  @Override
  public String settings(GridPoint point) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("kind", LimitsGridSpec.KIND.key());
    settings.put("scale", scaleName);
    settings.put("point", point.cell().id());
    settings.put("repetition", point.repetition());
    settings.put("mix", mix(point));
    settings.put("warmupRatePerSecond", spec.warmupRatePerSecond());
    settings.put("maxConnections", spec.maxConnections());
    settings.put("stopWhen", spec.stopWhen());
    settings.put("warmupSeconds", scale.warmupSeconds());
    // An open grid's settings are those of the grids before the load was a choice: its points resume.
    if (spec.load() != LoadModel.OPEN) {
      settings.put("load", spec.load());
    }
    settings.putAll(scale.staircase(spec.load()));
    settings.put("jvmOptions", catalog.jdkJavaOptions());
    settings.put("image", image(point));
    settings.put("labImages", labImages());
    try {
      return Json.MAPPER.writeValueAsString(settings);
    } catch (IOException e) {
      throw new IllegalStateException("a grid point's settings are plain values", e);
    }
  }

  /**
   * Up to d716c53 a point was fingerprinted with the whole experiment file, the scale, the JVM
   * options and its image: such points still resume while the file is unchanged.
   */
  @Override
  public List<String> formerFingerprints(GridPoint point) {
    return List.of(Sweep.fingerprint(experimentText, scaleName, catalog.jdkJavaOptions(), image(point)));
  }

  @Override
  public GridData run(GridPoint point) throws InterruptedException {
    return new GridPointRun(lab, mix(point), spec, scale).run(point);
  }

  @Override
  public String outcome(GridData pointData) {
    return pointData.rows().getLast().outcome().toString();
  }

  @Override
  public Class<GridData> dataType() {
    return GridData.class;
  }

  @Override
  public GridData empty() {
    return GridData.EMPTY;
  }

  @Override
  public GridData plus(GridData sofar, GridData more) {
    return sofar.plus(more);
  }

  @Override
  public void write(Path reportDir, GridData data) throws IOException {
    GridDataset.write(reportDir, data, spec.load());
  }

  private RequestMix mix(GridPoint point) {
    return spec.mix() == null ? catalog.load().requests(point.app()) : new RequestMix(spec.mix());
  }

  /** "perflab/quarkus:3.37.3-jvm=sha256:…", as earlier versions wrote it into the fingerprint. */
  private String image(GridPoint point) {
    return imageIds.withId(point.app().imageFor(point.mode()));
  }

  private List<String> labImages() {
    List<String> images = new ArrayList<>();
    if (catalog.uses(LabService.DOWNSTREAM)) {
      images.add(imageIds.withId(catalog.downstream().image()));
    }
    if (catalog.uses(LabService.DATABASE)) {
      images.add(imageIds.withId(catalog.database().image()));
    }
    return images;
  }

  /** Repetition by repetition, then app, mode, CPU limit and memory limit as the file lists them. */
  private List<GridPoint> plan() {
    List<GridPoint> planned = new ArrayList<>();
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (String appName : scale.apps()) {
        App app = catalog.app(appName);
        for (String modeName : scale.modes()) {
          Mode mode = catalog.mode(modeName);
          if (app.imageFor(mode) == null || findImage.apply(app.imageFor(mode)).isEmpty()) {
            if (repetition == 0) {
              skipped.add(app.name() + "/" + mode.name() + ": no image " + app.imageFor(mode)
                  + " in the local engine (build it with ./mvnw package)");
            }
            continue;
          }
          for (double cpus : scale.cpus()) {
            for (long memory : scale.memoryMebibytes()) {
              planned.add(new GridPoint(app, mode, CpuLimit.cores(cpus), memory, repetition));
            }
          }
        }
      }
    }
    return planned;
  }
}
