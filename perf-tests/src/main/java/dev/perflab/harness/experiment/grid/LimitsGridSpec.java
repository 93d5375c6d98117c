package dev.perflab.harness.experiment.grid;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.result.experiment.GridAnalysis;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: limits-grid} experiment: what each point is sent, how its staircase
 * ends, what the analyses judge against, and the scales it runs at.
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
    GridAnalysis analysis, Map<String, GridScale> scales) {

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
}
