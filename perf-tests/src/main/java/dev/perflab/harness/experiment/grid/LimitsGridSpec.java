package dev.perflab.harness.experiment.grid;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.measure.JvmGcLog;
import dev.perflab.harness.result.experiment.GridAnalysis;
import dev.perflab.harness.result.experiment.GridData;
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
 * @param mix what the open-model driver sends at every point; null for each app's own (its catalog
 *     {@code load.mix}, else the catalog's {@code load.request})
 * @param warmupRatePerSecond the warm-up's rate before the first step
 * @param maxConnections the driver's connection cap
 * @param stopWhen after which step a point's staircase ends
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record LimitsGridSpec(
    List<WeightedRequest> mix, int warmupRatePerSecond, int maxConnections, StopCondition stopWhen,
    GridAnalysis analysis, Map<String, GridScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("limits-grid", "limitsGrid", LimitsGridSpec.class,
      GridFindings.IDS, List.of(GridDataset.CSV, GridDataset.JSON, GridDataset.SECONDS_CSV, GridDataset.SECONDS_JSON));

  public static final String DEFAULT_SCALE = "default";
  public static final String SMOKE_SCALE = "smoke";

  public LimitsGridSpec {
    mix = mix == null ? null : List.copyOf(mix);
    if (warmupRatePerSecond < 1) {
      throw new IllegalArgumentException("'warmupRatePerSecond' must be at least 1, got " + warmupRatePerSecond);
    }
    if (maxConnections < 1) {
      throw new IllegalArgumentException("'maxConnections' must be at least 1, got " + maxConnections);
    }
    required(stopWhen, "stopWhen");
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    for (String scale : List.of(DEFAULT_SCALE, SMOKE_SCALE)) {
      if (!scales.containsKey(scale)) {
        throw new IllegalArgumentException("'scales' needs a '" + scale + "' scale; it has " + scales.keySet());
      }
    }
    scales.forEach((name, scale) -> {
      if (!scale.ratesPerSecond().contains((int) analysis.targetRatePerSecond())
          || analysis.targetRatePerSecond() != Math.rint(analysis.targetRatePerSecond())) {
        throw new IllegalArgumentException("scale '" + name + "': its ratesPerSecond " + scale.ratesPerSecond()
            + " must include the analysis' targetRatePerSecond " + analysis.targetRatePerSecond()
            + " (the knee, the memory floor and the recommended limits are read at that rate)");
      }
    });
  }

  /** The scale of this name; the file's scales listed if it has none of that name. */
  public GridScale scale(String name) {
    GridScale scale = scales.get(name);
    if (scale == null) {
      throw new IllegalArgumentException("perflab.experiment.scale: the experiment has no scale '" + name
          + "'; it has " + scales.keySet().stream().sorted().toList());
    }
    return scale;
  }

  @Override
  public void check(SpecCheck check) {
    scales.forEach((name, scale) -> {
      scale.apps().forEach(app -> check.app(app, "limitsGrid.scales." + name + ".apps"));
      scale.modes().forEach(mode -> check.mode(mode, "limitsGrid.scales." + name + ".modes"));
    });
  }

  /** Per point: about 10 s to start, the warm-up, and each step with its settle and drain. */
  @Override
  public Duration estimate(String scaleName) {
    GridScale scale = scale(scaleName);
    long perPoint = 10 + scale.warmupSeconds() + scale.ratesPerSecond().size() * (scale.stepSeconds() + 2L);
    return Duration.ofSeconds(perPoint * scale.pointCount() * scale.repetitions());
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale()); // an unknown scale fails here, before the lab opens
    // The same added option for every app: the JVM's own log of its choices and pauses.
    Catalog catalog = run.catalog().withJvmOption(JvmGcLog.OPTION);
    Sweep.Outcome<GridData> outcome;
    try (Lab lab = Lab.open(catalog, run.config())) {
      outcome = Sweep.run(run.reportDir(), new GridPlan(lab, catalog, this, run.scale(), run.loaded().text()));
    }
    return LimitsGridResult.of(run, this, outcome);
  }
}
