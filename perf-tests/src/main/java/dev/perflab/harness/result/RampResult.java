package dev.perflab.harness.result;

import java.util.List;

/**
 * One user ramp, second by second.
 *
 * @param endReason why it ended: the limit passed (and by how much), or the longest duration
 * @param failed whether it ended on a limit (p95 or errors), not on the longest duration
 * @param generatorCpuCores the driver thread's CPU time over the ramp's wall time
 * @param errorSamples the first few errors, as they were seen
 */
public record RampResult(List<RampSecond> seconds, String endReason, boolean failed, double generatorCpuCores,
    List<String> errorSamples) {

  public RampResult {
    seconds = List.copyOf(seconds);
    errorSamples = List.copyOf(errorSamples);
  }

  /** Seconds whose pace the driver set, not the service. */
  public long generatorLimitedSeconds() {
    return seconds.stream().filter(RampSecond::generatorLimited).count();
  }
}
