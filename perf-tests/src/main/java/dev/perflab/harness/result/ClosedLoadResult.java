package dev.perflab.harness.result;

import java.util.List;

/**
 * One closed-model run: a fixed population of users, each sending its next request only after the
 * answer to its last and a think time. Latency runs from the moment the user was ready to send (its
 * think time over) to the answer.
 *
 * @param completed correct answers to requests sent in the measured time
 * @param achievedRatePerSecond completed over the measured time: what the population drew out of the
 *     service, which falls as the service slows (a closed model throttles itself)
 * @param windows the measured time cut into consecutive windows (by the time each user was ready to
 *     send), each summarised on its own
 * @param peakInFlight the most requests in flight at once; never above {@code users}
 * @param generatorCpuCores the driver thread's CPU time over the run's wall time
 * @param byRequest each request of the mix on its own, in the mix's order
 */
public record ClosedLoadResult(int users, double thinkTimeMillis, String thinkTimeDistribution, double measuredSeconds,
    long completed, long errors, double achievedRatePerSecond, LatencySummary latency, List<LatencySummary> windows,
    int peakInFlight, double generatorCpuCores, List<String> errorSamples, List<ByRequest> byRequest) {

  /**
   * One request of the mix (a request type): its answers and its latencies.
   *
   * @param users the users that send only it, in a multi-class run; null when every request is drawn
   */
  public record ByRequest(String request, Integer users, long completed, long errors, double achievedRatePerSecond,
      LatencySummary latency) {}

  public ClosedLoadResult {
    windows = List.copyOf(windows);
    errorSamples = List.copyOf(errorSamples);
    byRequest = List.copyOf(byRequest);
  }

  public double errorRatio() {
    long sent = completed + errors;
    return sent == 0 ? 0 : (double) errors / sent;
  }
}
