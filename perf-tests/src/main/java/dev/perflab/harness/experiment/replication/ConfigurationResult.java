package dev.perflab.harness.experiment.replication;

import java.util.List;

/**
 * One configuration over its runs (every step together): the study's columns as medians with their spread, its
 * containers' CPU and memory summed, whether it fully accepted its load, and what a fault cost.
 *
 * @param runs its runs that measured
 * @param below800MillisShareOfOk OK answers under 800 ms over the OK answers (the study's, which the findings use);
 *     the next two, from 800 to 1,200 ms and the rest, over the OK answers too
 * @param below800MillisShareOfSent OK answers under 800 ms over the requests sent
 * @param fullAcceptance "every run", "some runs" or "no run" had an effective failure ratio within the threshold
 * @param cpuSeconds every container's CPU over a run, summed (median over runs)
 * @param memoryMebibytes every container's largest memory, summed (median over runs)
 * @param faultCost for a configuration with a fault: the faulted run's effective failure ratio less the median of the
 *     others (null without a fault, or without a run to compare with)
 * @param failure why no run measured, with the logs; null when one did
 */
record ConfigurationResult(String name, String version, String shape, String balancer, String fault, int runs,
    long planned, long sent, long ok, long ko, long koStatus4xx, long koStatus5xx, long koNoAnswer, long koTimeout,
    Spread apdex, Spread effectiveFailureRatio, Spread failureRatio, Spread below800MillisShareOfOk,
    Spread from800To1200MillisShareOfOk, Spread atOrAbove1200MillisShareOfOk, Spread below800MillisShareOfSent,
    String fullAcceptance, double cpuSeconds, double memoryMebibytes, Double faultCost,
    List<String> stateChanges, String failure) {

  static final String EVERY_RUN = "every run";
  static final String SOME_RUNS = "some runs";
  static final String NO_RUN = "no run";

  ConfigurationResult {
    stateChanges = List.copyOf(stateChanges);
  }
}
