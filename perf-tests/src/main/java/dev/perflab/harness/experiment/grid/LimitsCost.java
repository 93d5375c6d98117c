package dev.perflab.harness.experiment.grid;

/**
 * What one app and mode costs at one point of the limits grid, from the rate that point sustains within the
 * objective ({@link CostModel}): per hour, per million requests, and for the model's load.
 *
 * @param basis which point: the recommended limits, or the cheapest per million requests on the grid
 * @param cpuLimitCores null when there is no such point ({@code note} says why)
 * @param sustainedRatePerSecond the highest step's achieved rate whose p99 met the objective with errors within
 *     the model's ratio (median over repetitions; a repetition with none counts as 0)
 * @param instancesPerNode 0 when one instance does not fit a node's headroom
 * @param instancesForLoad instances to serve the model's load: the load over the sustained rate, rounded up
 * @param nodesForLoad nodes for them; null when an instance fits no node
 * @param usdPerHourForLoad the instances' limits billed for an hour (nodes are not billed: clouds bill pods on limits)
 */
public record LimitsCost(String app, String mode, Basis basis, Double cpuLimitCores, Long memoryLimitMebibytes,
    Double sustainedRatePerSecond, Double usdPerHour, Double usdPerMillionRequests, Integer instancesPerNode,
    Integer instancesForLoad, Integer nodesForLoad, Double usdPerHourForLoad, String note) {

  public enum Basis {
    /** At the recommended limits: the objective with the alert levels' margins. */
    RECOMMENDED,
    /** At the point with the lowest cost per million requests, the objective met but no margin asked. */
    CHEAPEST
  }

  /** No such point: {@code note} says why. */
  public static LimitsCost none(String app, String mode, Basis basis, String note) {
    return new LimitsCost(app, mode, basis, null, null, null, null, null, null, null, null, null, note);
  }

  public boolean found() {
    return cpuLimitCores != null;
  }
}
