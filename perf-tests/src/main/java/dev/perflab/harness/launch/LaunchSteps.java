package dev.perflab.harness.launch;

/**
 * What a measured launch does after its first OK besides the readings at that moment: each costs
 * seconds of the measured CPU, and a launch whose figure is not needed skips it.
 *
 * @param warmup send the warm-up requests and read memory after them (rssBytesAfterWarmup): most of a
 *     launch's time beyond its first OK
 * @param proveLimits run a JVM inside the container to prove it sees the profile's limits: the same
 *     for every launch of a cell (one create command, one image), so proven once per cell
 */
public record LaunchSteps(boolean warmup, boolean proveLimits) {

  /** Every step: a launch whose every figure counts. */
  public static final LaunchSteps ALL = new LaunchSteps(true, true);
}
