package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.NodeScheduling;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A topology experiment at one scale as the shared sweep runs it: app by app (each the whole topology,
 * its work unit calibrated before its first point), repetition by repetition, each variant as the file
 * lists them, each point one launch of the variant's services ({@link TopologyPointRun}).
 */
final class TopologyPlan implements SweepPlan<TopologyPoint, TopologyData> {

  private static final Logger LOG = LoggerFactory.getLogger(TopologyPlan.class);

  private final Lab lab;
  private final Catalog catalog;
  private final TopologySpec spec;
  private final String scaleName;
  private final TopologyScale scale;
  private final ImageIds images;
  private final PlannedPoints<TopologyPoint> planned;
  /** Per app, its unit once calibrated, or why it could not be. */
  private final Map<String, WorkUnitCalibration.Attempt> units = new HashMap<>();

  TopologyPlan(Lab lab, Catalog catalog, TopologySpec spec, String scaleName, List<String> apps) {
    this(lab, lab.images()::find, catalog, spec, scaleName, apps);
  }

  /**
   * Its points and their settings alone, to tell whether any is left to measure ({@code Sweep.finished});
   * it runs none.
   */
  static TopologyPlan toCheck(Function<String, Optional<ImageInfo>> findImage, Catalog catalog, TopologySpec spec,
      String scaleName, List<String> apps) {
    return new TopologyPlan(null, findImage, catalog, spec, scaleName, apps);
  }

  private TopologyPlan(Lab lab, Function<String, Optional<ImageInfo>> findImage, Catalog catalog, TopologySpec spec,
      String scaleName, List<String> apps) {
    this.lab = lab;
    this.catalog = catalog;
    this.spec = spec;
    this.scaleName = scaleName;
    this.scale = spec.scale(scaleName);
    this.images = new ImageIds(findImage);
    this.planned = plan(apps);
  }

  @Override
  public PlannedPoints<TopologyPoint> planned() {
    return planned;
  }

  /**
   * The variant whole, the request types and entry, how each request's type is drawn, the unit, the scale, the JVM
   * options and the image with its ID.
   */
  @Override
  public String settings(TopologyPoint point) {
    PointSettings settings = new PointSettings(TopologySpec.KIND.key(), scaleName, point.id(), catalog, images);
    settings.put("requestTypes", spec.requestTypes());
    settings.put("unitCpuMillis", spec.unitCpuMillis());
    settings.put("studyUsers", spec.studyUsers());
    if (spec.typeDraw() == TypeDraw.PER_REQUEST) {
      // Named only when drawn per request: the points measured before the draw was a setting kept a type per user,
      // and keep their settings under per-user; under the other draw no point resumes.
      settings.put("typeDraw", spec.typeDraw());
    }
    settings.put("variant", point.variant());
    settings.put("users", scale.users());
    settings.put("thinkTimeMillis", scale.thinkTimeMillis());
    settings.put("mixes", scale.mixes());
    settings.put("mixOrder", "reversed in odd repetitions");
    settings.put("demandUsers", scale.demandUsers());
    settings.put("demandRounds", scale.demandRounds());
    settings.put("seconds", List.of(scale.warmupSeconds(), scale.demandSeconds(), scale.settleSeconds(),
        scale.measureSeconds()));
    settings.put("calibration", "counts as long as the demand's");
    // The compiler's CPU read at each mix's two ends (workUtilisation, beside the cgroup's). The text is as first
    // written, when the work's was the one compared, so that the points measured then keep their fingerprint.
    settings.put("utilisation", "less the JIT compiler's, read as each mix's measured seconds start and end");
    if (point.app().nodeScheduling() != NodeScheduling.TIME_SLICED) {
      // Only where not the default: a time-sliced app's points keep the settings they were measured under.
      settings.put("nodeScheduling", point.app().nodeScheduling());
    }
    if (TopologyModel.solverFor(point.variant(), point.app().nodeScheduling()).equals(TopologyModel.SIMULATION)) {
      // Only where simulated: MVA's predictions do not depend on it, so its points keep their settings.
      settings.put("simulatedServiceTimes", "as variable as one user's p50 to p90");
    }
    settings.launching(point.app().imageFor(point.mode()));
    return settings.json();
  }

  @Override
  public TopologyData run(TopologyPoint point) throws InterruptedException {
    WorkUnitCalibration.Attempt unit = units.computeIfAbsent(point.app().name(), name -> WorkUnitCalibration.attempt(
        lab, point.app(), point.mode(), spec.unitCpuMillis(), Duration.ofSeconds(scale.demandSeconds())));
    if (unit.failure() != null) {
      return TopologyPointRun.failed(point, unit.failureFor(point.id()));
    }
    return new TopologyPointRun(lab, spec, scale).run(point, unit.unit());
  }

  @Override
  public Optional<String> failure(TopologyData pointData) {
    Optional<String> failure = pointData.mixes().stream().map(TopologyMixRow::failure).filter(Objects::nonNull)
        .findFirst();
    return failure.isPresent() || !pointData.demands().isEmpty() ? failure
        : Optional.of("no service demand was measured");
  }

  @Override
  public String outcome(TopologyData pointData) {
    long failed = pointData.mixes().stream()
        .filter(row -> row.failure() != null || row.users() > 0 && !row.measured()).count();
    return pointData.demands().isEmpty() ? "FAILED" : failed == 0 ? "MEASURED" : "MEASURED, " + failed + " rows with"
        + " errors";
  }

  @Override
  public Dataset<TopologyData> dataset() {
    return new Dataset<>(TopologyData.class, TopologyData.EMPTY, TopologyDataset::write);
  }

  /**
   * App by app (the apps {@code -Dperflab.experiment.apps} names, else the scale's), then repetition by
   * repetition, each variant in the file's order; an app without its image here is skipped.
   */
  private PlannedPoints<TopologyPoint> plan(List<String> apps) {
    for (String app : apps) {
      if (!scale.apps().contains(app)) {
        throw new IllegalArgumentException("perflab.experiment.apps: '" + app + "' is not one of the scale '"
            + scaleName
            + "''s apps " + scale.apps());
      }
    }
    Mode mode = catalog.mode(scale.mode());
    PlannedPoints.Builder<TopologyPoint> plan = PlannedPoints.builder(images);
    for (String name : apps.isEmpty() ? scale.apps() : apps) {
      App app = catalog.app(name);
      if (!plan.hasImage(name, app, mode)) {
        continue;
      }
      for (int repetition = 0; repetition < scale.repetitions(); repetition++) {
        for (TopologyVariant variant : spec.variants(scale)) {
          plan.add(new TopologyPoint(app, mode, variant, repetition));
        }
      }
    }
    return plan.build();
  }
}
