package dev.perflab.harness.experiment.grid;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.LoadModel;
import dev.perflab.harness.load.StepLoad;
import dev.perflab.harness.measure.JvmGcLog;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: limits-grid} experiment ({@code limitsGrid:}), and its engine: CPU limit
 * x memory limit x app x mode, a fresh container and a load staircase at each point. The block says
 * what each point is sent, how its staircase ends, what the analyses judge against, and the scales
 * it runs at.
 *
 * @param mix what every point is sent; null for each app's own (its catalog {@code load.mix}, else the
 *     catalog's {@code load.request})
 * @param load how each step loads the point: {@code open} (a rate; the default, as in files written
 *     before the choice), {@code fixed-count} (n requests at concurrency c, as ApacheBench) or {@code
 *     users} (a closed population with a think time); each scale states that load's staircase
 * @param warmupRatePerSecond the warm-up's rate before the first step (an open-model warm-up, whatever the load)
 * @param maxConnections the open-model driver's connection cap (the warm-up's, and an open step's)
 * @param stopWhen after which step a point's staircase ends
 * @param cost the prices, node and load the grid's costs are reckoned with ({@link GridCosts}); a file written
 *     before costs may leave it out, and is reckoned with the thesis's prices ({@link CostModel#THESIS})
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record LimitsGridSpec(
    List<WeightedRequest> mix, @JacksonInject(StrictYaml.ABSENT) LoadModel load, int warmupRatePerSecond,
    int maxConnections, StopCondition stopWhen, GridAnalysis analysis,
    @JacksonInject(StrictYaml.ABSENT + "cost") CostModel cost, Map<String, GridScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("limits-grid", "limitsGrid", LimitsGridSpec.class,
      GridFindings.IDS, List.of(GridDataset.CSV, GridDataset.JSON, GridDataset.SECONDS_CSV, GridDataset.SECONDS_JSON));


  public LimitsGridSpec {
    mix = mix == null ? null : List.copyOf(mix);
    load = load == null ? LoadModel.OPEN : load;
    if (warmupRatePerSecond < 1) {
      throw new IllegalArgumentException("'warmupRatePerSecond' must be at least 1, got " + warmupRatePerSecond);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("'maxConnections' must be at least 1, got " + maxConnections);
    }
    required(stopWhen, "stopWhen");
    required(analysis, "analysis");
    cost = cost == null ? CostModel.THESIS : cost;
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
    if (load.closed() != (analysis.targetConcurrency() != null)) {
      throw new IllegalArgumentException("a " + load.key() + " staircase is read at a "
          + (load.closed() ? "concurrency: give the analysis a 'targetConcurrency', not a 'targetRatePerSecond'"
              : "rate: give the analysis a 'targetRatePerSecond', not a 'targetConcurrency'"));
    }
    for (Map.Entry<String, GridScale> named : scales.entrySet()) {
      List<StepLoad> steps;
      try {
        steps = named.getValue().steps(load, maxConnections);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("scale '" + named.getKey() + "': " + e.getMessage(), e);
      }
      if (steps.stream().noneMatch(step -> step.level() == analysis.target())) {
        throw new IllegalArgumentException("scale '" + named.getKey() + "': its steps ("
            + String.join(", ", steps.stream().map(StepLoad::describe).toList()) + ") must include the analysis' "
            + (load.closed() ? "targetConcurrency " + analysis.targetConcurrency()
                : "targetRatePerSecond " + analysis.targetRatePerSecond())
            + " (the knee, the memory floor and the recommended limits are read at that step)");
      }
    }
  }

  /** The scale of this name; the file's scales listed if it has none of that name. */
  public GridScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  @Override
  public void check(SpecCheck check) {
    scales.forEach((name, scale) -> {
      scale.apps().forEach(app -> check.app(app, "limitsGrid.scales." + name + ".apps"));
      scale.modes().forEach(mode -> check.mode(mode, "limitsGrid.scales." + name + ".modes"));
    });
  }

  /**
   * Per point: about 10 s to start, the warm-up, and each step ({@link GridScale#stepsSecondsEstimate}:
   * a fixed-count step's time is assumed, not known).
   */
  @Override
  public Duration estimate(String scaleName) {
    GridScale scale = scale(scaleName);
    long perPoint = 10 + scale.warmupSeconds() + scale.stepsSecondsEstimate(load);
    return Duration.ofSeconds(perPoint * scale.pointCount() * scale.repetitions());
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), GridPlan.toCheck(Images.local()::find, catalog(run), this, run.scale(),
        run.loaded().text()));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale()); // an unknown scale fails here, before the lab opens
    Catalog catalog = catalog(run);
    Sweep.Outcome<GridData> outcome;
    try (Lab lab = Lab.open(catalog, run.config())) {
      outcome = Sweep.run(run.reportDir(), new GridPlan(lab, catalog, this, run.scale(), run.loaded().text()));
    }
    return LimitsGridResult.of(run, this, outcome);
  }

  /** The same added option for every app: the JVM's own log of its choices and pauses. */
  private static Catalog catalog(ExperimentRun run) {
    return run.catalog().withJvmOption(JvmGcLog.OPTION);
  }
}
