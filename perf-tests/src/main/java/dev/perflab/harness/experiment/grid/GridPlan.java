package dev.perflab.harness.experiment.grid;

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
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.LoadModel;
import dev.perflab.harness.result.ImageInfo;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.Objects;

/**
 * A limits grid at one scale as the shared sweep runs it: every app x mode x CPU limit x memory limit,
 * repetition by repetition so that a drift of the machine spreads over every point rather than landing
 * on the last ones, each point in a fresh container ({@link GridPointRun}).
 */
final class GridPlan implements SweepPlan<GridPoint, GridData> {

  private final Lab lab;
  private final Catalog catalog;
  private final LimitsGridSpec spec;
  private final String scaleName;
  private final GridScale scale;
  private final String experimentText;
  private final ImageIds imageIds;
  private final PlannedPoints<GridPoint> planned;

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
    this.imageIds = new ImageIds(findImage);
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.experimentText = experimentText;
    this.planned = plan();
  }

  @Override
  public PlannedPoints<GridPoint> planned() {
    return planned;
  }

  /**
   * The point, what it is sent and how its staircase runs (its load and steps), the scale's timings,
   * the JVM options, its image and the images of the lab services it uses, each with its ID.
   */
  @Override
  public String settings(GridPoint point) {
    PointSettings settings = new PointSettings(LimitsGridSpec.KIND.key(), scaleName, point.cell().id(), catalog,
        imageIds);
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
    scale.staircase(spec.load()).forEach(settings::put);
    settings.launching(point.app().imageFor(point.mode()));
    // Every lab service the catalog's apps call, the stub before the database: as the first grids recorded them.
    settings.put("labImages", Stream.of(LabService.DOWNSTREAM, LabService.DATABASE).filter(catalog::uses)
        .map(service -> settings.withId(catalog.image(service))).toList());
    return settings.json();
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
  public Optional<String> failure(GridData pointData) {
    return pointData.rows().stream().map(GridRow::failure).filter(Objects::nonNull).findFirst();
  }

  @Override
  public String outcome(GridData pointData) {
    return pointData.rows().getLast().outcome().toString();
  }

  @Override
  public Dataset<GridData> dataset() {
    return new Dataset<>(GridData.class, GridData.EMPTY, (reportDir, data) -> GridDataset.write(reportDir, data,
        spec.load()));
  }

  private RequestMix mix(GridPoint point) {
    return spec.mix() == null ? catalog.load().requests(point.app()) : new RequestMix(spec.mix());
  }

  /** "perflab/quarkus:3.37.3-jvm=sha256:…", as earlier versions wrote it into the fingerprint. */
  private String image(GridPoint point) {
    return imageIds.withId(point.app().imageFor(point.mode()));
  }

  /** Repetition by repetition, then app, mode, CPU limit and memory limit as the file lists them. */
  private PlannedPoints<GridPoint> plan() {
    PlannedPoints.Builder<GridPoint> plan = PlannedPoints.builder(imageIds);
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (String appName : scale.apps()) {
        App app = catalog.app(appName);
        for (String modeName : scale.modes()) {
          Mode mode = catalog.mode(modeName);
          if (!plan.hasImage(app.name() + "/" + mode.name(), app, mode)) {
            continue;
          }
          for (double cpus : scale.cpus()) {
            for (long memory : scale.memoryMebibytes()) {
              plan.add(new GridPoint(app, mode, CpuLimit.cores(cpus), memory, repetition));
            }
          }
        }
      }
    }
    return plan.build();
  }
}
