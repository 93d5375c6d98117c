package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.experiment.sweep.Dataset;
import dev.perflab.harness.experiment.sweep.ImageIds;
import dev.perflab.harness.experiment.sweep.PlannedPoints;
import dev.perflab.harness.experiment.sweep.PointSettings;
import dev.perflab.harness.experiment.sweep.SweepPlan;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.CellLauncher;
import dev.perflab.harness.launch.LabFaults;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LaunchSteps;
import dev.perflab.harness.launch.LayerSharing;
import dev.perflab.harness.launch.LocalRegistry;
import dev.perflab.harness.launch.RunStop;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LaunchSample;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.Objects;

/**
 * A cold-start experiment at one scale as the shared sweep runs it. First one discarded cached launch
 * per app, mode and database; then repetition by repetition every cached launch, then every pulled one:
 * the cached ones find their images on the engine (those an earlier repetition's pulls took away are
 * pulled back first), and each pull takes away only what is on the engine then.
 */
final class ColdStartPlan implements SweepPlan<ColdStartPoint, ColdStartData> {

  /** After its first OK a cold start needs nothing more: no warm-up, no proof of limits. */
  private static final LaunchSteps FIRST_OK_ONLY = new LaunchSteps(false, false);

  private final Lab lab;
  private final Catalog catalog;
  private final ColdStartSpec spec;
  private final String scaleName;
  private final ColdStartScale scale;
  /** Null when the scale pulls nothing. */
  private final LocalRegistry registry;
  private final String pullAddress;
  /** Image IDs as the run began, whatever its pulls take away and bring back. */
  private final ImageIds images;
  private final PlannedPoints<ColdStartPoint> planned;

  /**
   * @param catalog the lab's: without the downstream stub
   * @param registry where pulled images come from; null when the scale pulls none
   * @param pullAddress the registry's address for a measured pull (a capped relay's, or its own)
   */
  ColdStartPlan(Lab lab, Catalog catalog, ColdStartSpec spec, String scaleName, LocalRegistry registry,
      String pullAddress) {
    this(lab, lab.images()::find, catalog, spec, scaleName, registry, pullAddress);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished});
   * it runs none.
   */
  static ColdStartPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, ColdStartSpec spec,
      String scaleName) {
    return new ColdStartPlan(null, findImage, catalog, spec, scaleName, null, null);
  }

  private ColdStartPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, ColdStartSpec spec,
      String scaleName, LocalRegistry registry, String pullAddress) {
    this.lab = lab;
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.registry = registry;
    this.pullAddress = pullAddress;
    this.images = new ImageIds(findImage);
    this.planned = plan();
  }

  @Override
  public PlannedPoints<ColdStartPoint> planned() {
    return planned;
  }

  /**
   * The point, the profile, the JVM options, its image with its ID, the database's image when it is
   * given one, and for a pull the registry's image and the cap.
   */
  @Override
  public String settings(ColdStartPoint point) {
    PointSettings settings = new PointSettings(ColdStartSpec.KIND.key(), scaleName, point.id(), catalog, images);
    settings.put("profile", spec.profile());
    settings.launching(point.imageName());
    settings.labImage("database", cell(point).app(), LabService.DATABASE);
    if (point.source() == ImageSource.PULLED) {
      settings.put("registry", settings.withId(catalog.registry().image()));
      settings.put("pullMegabitsPerSecond", spec.pullMegabitsPerSecond());
    }
    return settings.json();
  }

  /**
   * Readies the image (pulled: every image sharing a layer taken away, then the pull; cached: brought
   * back if a pull took it), then one launch to its first OK. A launch that fails is a row with why.
   */
  @Override
  public ColdStartData run(ColdStartPoint point) throws IOException, InterruptedException {
    String image = point.imageName();
    LocalRegistry.Pull pull = null;
    try {
      if (point.source() == ImageSource.PULLED) {
        pull = pullWithoutLayers(image);
      } else if (registry != null) {
        registry.restore(image);
      }
    } catch (RuntimeException | IOException e) {
      // The lab's registry or engine failed, not the app: the point is reported, and measured again next run.
      String why = "readying the image " + image + ": " + CellLauncher.rootMessage(e);
      LabFaults.record(point.id() + ": " + why);
      return failed(point, 0, why);
    }
    long sizeBytes = lab.images().find(image).map(ImageInfo::sizeBytes).orElse(0L);
    try {
      LaunchSample sample = lab.launcher().measure(cell(point), point.repetition(), point.discarded(), FIRST_OK_ONLY);
      double pullMillis = pull == null ? 0 : pull.pullMillis();
      double zeroToOne = pullMillis + sample.phases().containerCreateMillis() + sample.timeToFirstOkMillis();
      Double framework = sample.frameworkReportedStartupMillis();
      return new ColdStartData(List.of(new ColdStartLaunch(point.app().name(), point.mode().name(), point.database(),
          point.source(), point.repetition(), point.discarded(), sample.imageId(), sizeBytes,
          pull == null ? null : pull.pulledBytes(), pull == null ? null : pull.pulledLayers(),
          pull == null ? null : pull.presentLayers(), pullMillis, sample.phases().containerCreateMillis(),
          sample.timeToFirstOkMillis(), framework, zeroToOne, framework == null ? null : zeroToOne - framework, null)));
    } catch (CellLaunchException e) {
      return failed(point, sizeBytes, e.failure().describe());
    }
  }

  /**
   * Pushes every tagged image sharing a layer with {@code image} the registry lacks, takes them all
   * away, proves none of its layers is left, and pulls it.
   */
  private LocalRegistry.Pull pullWithoutLayers(String image) throws IOException, InterruptedException {
    registry.restore(image);
    // The engine's client is made here, not with the plan: a plan asked only for its points needs none.
    LayerSharing layers = new LayerSharing();
    List<LayerSharing.LocalImage> sharing = layers.sharingWith(image);
    for (LayerSharing.LocalImage local : sharing) {
      for (String tag : local.tags()) {
        if (!registry.holds(tag)) {
          registry.push(tag);
        }
      }
    }
    layers.remove(image, sharing);
    RunStop.check();
    return registry.pull(image, pullAddress);
  }

  private static ColdStartData failed(ColdStartPoint point, long sizeBytes, String why) {
    return new ColdStartData(List.of(new ColdStartLaunch(point.app().name(), point.mode().name(), point.database(),
        point.source(), point.repetition(), point.discarded(), null, sizeBytes, null, null, null, 0, null, null, null,
        null, null, point.id() + ": " + why)));
  }

  /** The point's cell: its app without its database when the point gives it none. */
  private Cell cell(ColdStartPoint point) {
    App app = point.database() == DatabaseUse.WITHOUT ? point.app().without(LabService.DATABASE) : point.app();
    return new Cell(app, point.mode(), catalog.profile(spec.profile()));
  }

  @Override
  public Optional<String> failure(ColdStartData pointData) {
    return pointData.launches().stream().map(ColdStartLaunch::failure).filter(Objects::nonNull).findFirst();
  }

  @Override
  public String outcome(ColdStartData pointData) {
    ColdStartLaunch launch = pointData.launches().getFirst();
    return launch.measured() ? String.format(Locale.ROOT, "zero to one %.0f ms", launch.zeroToOneMillis()) : "FAILED";
  }

  @Override
  public Dataset<ColdStartData> dataset() {
    return new Dataset<>(ColdStartData.class, ColdStartData.EMPTY, ColdStartDataset::write);
  }

  /**
   * The discarded launches, then repetition by repetition: cached launches, then pulled, each in the
   * file's order of apps, modes and databases (cached before pulled, whatever the file's order). An app or mode
   * without an image here is skipped, said once.
   */
  private PlannedPoints<ColdStartPoint> plan() {
    PlannedPoints.Builder<ColdStartPoint> plan = PlannedPoints.builder(images);
    List<ColdStartPoint> variants = new ArrayList<>();
    for (String appName : scale.apps()) {
      App app = catalog.app(appName);
      for (String modeName : scale.modes()) {
        Mode mode = catalog.mode(modeName);
        if (!plan.hasImage(app.name() + "/" + mode.name(), app, mode)) {
          continue;
        }
        for (DatabaseUse database : scale.databases()) {
          variants.add(new ColdStartPoint(app, mode, database, ImageSource.CACHED, -1, true));
        }
      }
    }
    variants.forEach(plan::add);
    for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
      for (ImageSource source : ImageSource.values()) {
        if (!scale.images().contains(source)) {
          continue;
        }
        for (ColdStartPoint variant : variants) {
          plan.add(new ColdStartPoint(variant.app(), variant.mode(), variant.database(), source, repetition, false));
        }
      }
    }
    return plan.build();
  }
}
