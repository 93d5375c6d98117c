package dev.perflab.harness.experiment.replication;

import java.util.List;

/**
 * One configuration over its runs (every step together): the study's columns as medians with their spread, its
 * containers' CPU and memory summed, whether it fully accepted its load, and what a fault cost.
 *
 * @param runs its runs that measured
 * @param fullAcceptance "every run", "some runs" or "no run" had an effective failure ratio within the threshold
 * @param cpuSeconds every container's CPU over a run, summed (median over runs)
 * @param memoryMebibytes every container's largest memory, summed (median over runs)
 * @param faultCost for a configuration with a fault: the faulted run's effective failure ratio less the median of the
 *     others (null without a fault, or without a run to compare with)
 * @param failure why no run measured, with the logs; null when one did
 */
record ConfigurationResult(String name, String version, String shape, String balancer, String fault, int runs,
    long planned, long sent, long ok, long ko, long koStatus4xx, long koStatus5xx, long koNoAnswer, long koTimeout,
    Spread apdex, Spread effectiveFailureRatio, Spread failureRatio, Spread under800Share, Spread share800To1200,
    Spread shareFrom1200, String fullAcceptance, double cpuSeconds, double memoryMebibytes, Double faultCost,
    List<String> stateChanges, String failure) {

  static final String EVERY_RUN = "every run";
  static final String SOME_RUNS = "some runs";
  static final String NO_RUN = "no run";

  ConfigurationResult {
    stateChanges = List.copyOf(stateChanges);
  }
}
