package dev.perflab.harness.result;

import java.util.List;

/**
 * One step of a load staircase, whatever drove it (an open-model rate, a fixed count, a closed
 * population): the figures every shape gives.
 *
 * @param measuredSeconds the step's measured time: the given length of an open or a users step; a
 *     fixed count's wall time, from its first send to its last answer (or its timeout)
 * @param requests the requests of the measured time: sent at a rate, a fixed count's n (sent or not),
 *     or those a population sent
 * @param errors wrong answers, broken connections and requests left unanswered
 * @param achievedRatePerSecond correct answers per second of the measured time
 * @param latency from the intended send time (open) or the send (closed) to the answer
 * @param seconds the measured time cut into one-second windows, each summarised on its own
 * @param driverLagP99Micros how late the open-model driver handled its intended send times (p99); null
 *     for a closed step, which has no schedule to fall behind
 */
public record StepResult(double measuredSeconds, long requests, long errors, double achievedRatePerSecond,
    LatencySummary latency, List<LatencySummary> seconds, Long driverLagP99Micros) {

  public StepResult {
    seconds = List.copyOf(seconds);
  }

  public double errorRatio() {
    return requests == 0 ? 0 : (double) errors / requests;
  }
}
