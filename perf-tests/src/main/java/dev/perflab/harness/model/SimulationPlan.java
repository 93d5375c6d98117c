package dev.perflab.harness.model;

/**
 * How long the simulation runs: independent replications, each from an empty network (all customers
 * thinking), whose first {@code warmupSeconds} are discarded and whose next {@code measuredSeconds}
 * are measured. The replications' means give each figure a Student-t interval, so there must be at
 * least two.
 *
 * @param replications independent runs, each with its own random stream
 * @param warmupSeconds simulated time discarded at the start of each, for the start from empty to wear off
 * @param measuredSeconds simulated time measured in each
 */
public record SimulationPlan(int replications, double warmupSeconds, double measuredSeconds) {

  public SimulationPlan {
    if (replications < 2) {
      throw new IllegalArgumentException("an interval needs at least 2 replications, not " + replications);
    }
    if (!(warmupSeconds >= 0) || Double.isInfinite(warmupSeconds)) {
      throw new IllegalArgumentException("the warm-up must be 0 s or more, not " + warmupSeconds);
    }
    if (!(measuredSeconds > 0) || Double.isInfinite(measuredSeconds)) {
      throw new IllegalArgumentException("the measured time must be above 0 s, not " + measuredSeconds);
    }
  }
}
