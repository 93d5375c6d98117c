package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.node.WorkUnitCalibration;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: topology} experiment ({@code topology:}), and its engine: services that call
 * each other (contract v4's service-node role), every service the same app, each under its own CPU quota
 * and CFS period on the measured CPUs; closed users of two request types mixed along an axis; each
 * service's CPU per request measured first, each type alone at a low load, so that a queueing model predicts
 * the sweep before it is measured ({@link TopologyModel}).
 *
 * @param requestTypes the two request types; a mix is the first one's share of the requests (of the users, where
 *     each keeps its type)
 * @param unitCpuMillis the CPU one work unit of a service's work takes, calibrated per app per run
 * @param studyUsers the study's population, for the model's second prediction
 * @param typeDraw whether each request's type is drawn from the mix (left out: {@link TypeDraw#PER_REQUEST}, as
 *     the study's users did) or each user keeps one type ({@link TypeDraw#PER_USER})
 * @param variants the pattern's axis, each a whole topology
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record TopologySpec(List<String> requestTypes, double unitCpuMillis, int studyUsers,
    @JacksonInject(StrictYaml.ABSENT + "typeDraw") TypeDraw typeDraw, List<TopologyVariant> variants,
    TopologyAnalysis analysis, Map<String, TopologyScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("topology", "topology", TopologySpec.class,
      TopologyFindings.IDS, List.of(TopologyDataset.MIXES_CSV, TopologyDataset.SERVICES_CSV,
          TopologyDataset.DEMANDS_CSV, TopologyDataset.SECONDS_CSV, TopologyDataset.JSON));

  public TopologySpec {
    requestTypes = List.copyOf(required(requestTypes, "requestTypes"));
    if (requestTypes.size() != 2 || requestTypes.get(0).equals(requestTypes.get(1))) {
      throw new IllegalArgumentException("'requestTypes' names two request types, the mix's two ends; got "
          + requestTypes);
    }
    if (!(unitCpuMillis > 0) || unitCpuMillis > 100) {
      throw new IllegalArgumentException("'unitCpuMillis' must be above 0 and at most 100, got " + unitCpuMillis);
    }
    if (studyUsers < 1) {
      throw new IllegalArgumentException("'studyUsers' must be at least 1, got " + studyUsers);
    }
    typeDraw = typeDraw == null ? TypeDraw.PER_REQUEST : typeDraw;
    variants = List.copyOf(required(variants, "variants"));
    if (variants.isEmpty() || variants.stream().map(TopologyVariant::name).distinct().count() < variants.size()) {
      throw new IllegalArgumentException("'variants' names at least one, each once: "
          + variants.stream().map(TopologyVariant::name).toList());
    }
    for (TopologyVariant variant : variants) {
      variant.checkServes(requestTypes);
    }
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
  }

  public TopologyScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  public TopologyVariant variant(String name) {
    return variants.stream().filter(variant -> variant.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no variant '" + name + "'; the file has "
            + variants.stream().map(TopologyVariant::name).toList()));
  }

  /** A scale's variants, in the file's order. */
  List<TopologyVariant> variants(TopologyScale scale) {
    return scale.variants() == null ? variants : scale.variants().stream().map(this::variant).toList();
  }

  /**
   * Refuses apps and modes the catalog lacks, an app that does not answer the perflab contract (it has no
   * service-node role), variant names that are not the file's, and a variant whose CPU quotas do not fit the
   * measured CPUs, with the sums.
   */
  @Override
  public void check(SpecCheck check) {
    scales.forEach((name, scale) -> {
      String field = "topology.scales." + name;
      scale.apps().forEach(app -> {
        check.app(app, field + ".apps");
        if (!check.catalog().app(app).contract()) {
          throw check.refuse(app, field + ".apps", "'" + app + "' does not answer the perflab contract, so it has no"
              + " service-node role (docs/contract-v4.md) to play in a topology");
        }
      });
      check.mode(scale.mode(), field + ".mode");
      if (scale.variants() != null) {
        scale.variants().forEach(variant -> {
          if (variants.stream().noneMatch(known -> known.name().equals(variant))) {
            throw check.refuse(variant, field + ".variants", "no variant '" + variant + "'; the file has "
                + variants.stream().map(TopologyVariant::name).toList());
          }
        });
      }
    });
    for (String named : analysis.variantsNamed()) {
      if (variants.stream().noneMatch(variant -> variant.name().equals(named))) {
        throw check.refuse(named, "topology.analysis", "no variant '" + named + "'; the file has "
            + variants.stream().map(TopologyVariant::name).toList());
      }
    }
    String app = scale("default").apps().getFirst();
    for (TopologyVariant variant : variants) {
      TopologySets.of(check.catalog().app(app), check.catalog().mode(scale("default").mode()), variant, 1, 0)
          .overBudget(check.catalog().measuredCpuCount(), check.catalog().measuredCpuset())
          .ifPresent(why -> {
            throw check.refuse(variant.name(), "topology.variants", why);
          });
    }
  }

  @Override
  public boolean picksApps() {
    return true;
  }

  /** Per app the unit's calibration, then per point its launch and parts ({@link TopologyScale#secondsPerPoint}). */
  @Override
  public Duration estimate(String scaleName) {
    return estimate(scaleName, List.of());
  }

  @Override
  public Duration estimate(String scaleName, List<String> apps) {
    TopologyScale scale = scale(scaleName);
    long points = (long) variants(scale).size() * scale.repetitions();
    int running = apps.isEmpty() ? scale.apps().size() : apps.size();
    return Duration.ofSeconds(running * (WorkUnitCalibration.estimatedSeconds(scale.demandSeconds())
        + points * scale.secondsPerPoint(requestTypes.size())));
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), TopologyPlan.toCheck(Images.local()::find, catalog(run), this, run.scale(),
        run.apps()));
  }

  /** Opens the lab without the stub or a database (a service node calls only its topology) and sweeps. */
  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    TopologyScale scale = scale(run.scale());
    Sweep.Outcome<TopologyData> outcome;
    Catalog catalog = catalog(run);
    try (Lab lab = Lab.open(catalog, run.config())) {
      outcome = Sweep.run(run.reportDir(), new TopologyPlan(lab, catalog, this, run.scale(), run.apps()));
    }
    return TopologyResult.of(run, this, scale, outcome,
        EngineSettings.read().engine() == EngineSettings.Engine.KUBERNETES);
  }

  private static Catalog catalog(ExperimentRun run) {
    return run.catalog().without(LabService.DATABASE).without(LabService.DOWNSTREAM);
  }
}
