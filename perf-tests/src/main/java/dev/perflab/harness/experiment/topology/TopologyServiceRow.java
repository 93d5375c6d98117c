package dev.perflab.harness.experiment.topology;

/**
 * One service at one mix of one point, over the mix's measured seconds: its CPU against its quota,
 * measured and predicted, and how often its quota ran out.
 *
 * @param cpuCores the CPU its replicas used, in cores
 * @param compilerCores of that, what its JIT compiler threads ran, in cores; null where not read
 * @param utilisation {@code cpuCores} over its quota (1.0: the quota used up)
 * @param workUtilisation {@code cpuCores} less {@code compilerCores} over its quota: the requests' work alone, as
 *     the model's demands count it; null where the compiler's CPU was not read. Not what the model is compared
 *     with: at a saturated service the compiler takes quota the work would have had, which the model cannot know
 * @param predictedUtilisation the model's, at the experiment's population
 * @param throttledPeriodRatio the share of its CFS periods in which the quota ran out
 * @param memoryBytes its replicas' cgroup memory at the mix's end
 * @param cfsPeriodMillis the CFS period its quota was enforced over, read from its first replica's cgroup: the one
 *     asked on the local engine, the kubelet's on Kubernetes; null where not read (a cgroup the harness cannot see,
 *     or a point recorded before it was read)
 */
public record TopologyServiceRow(String app, String mode, String variant, int repetition, double mix, String service,
    double quotaCores, Double cpuCores, Double compilerCores, Double utilisation, Double workUtilisation,
    Double predictedUtilisation, Double throttledPeriodRatio, Long memoryBytes, Double cfsPeriodMillis) {

  /** Its app and variant, keyed as the mix rows it is joined with ({@link TopologyMixRow#variantKey}). */
  public String variantKey() {
    return TopologyMixRow.variantKey(app, variant);
  }
}
