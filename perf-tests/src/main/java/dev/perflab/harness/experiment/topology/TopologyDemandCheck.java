package dev.perflab.harness.experiment.topology;

import java.util.List;

/**
 * One service along the mix: whether the demands counted before the sweep held through it, apart from the
 * queueing the model adds to them.
 *
 * @param mixes the mixes, as the series have them
 * @param workOverCounted at each mix, the median over the launches of the service's CPU in the measured seconds,
 *     its JIT compiler threads' left out, over what the launch's counted demands make of the types' throughput
 *     measured there (the utilisation law, U = X·D): 1.0 where a request cost what was counted; null where the
 *     service was expected under {@value #LEAST_EXPECTED_UTILISATION} of its quota, or its compiler was not read
 * @param compilerUtilisation at each mix, the median over the launches of its compiler threads' CPU over its quota;
 *     null where not read
 */
public record TopologyDemandCheck(String app, String variant, String service, List<Double> mixes,
    List<Double> workOverCounted, List<Double> compilerUtilisation) {

  /** Below this share of its quota a service's CPU is mostly its idle threads': a ratio would say nothing. */
  public static final double LEAST_EXPECTED_UTILISATION = 0.05;
}
