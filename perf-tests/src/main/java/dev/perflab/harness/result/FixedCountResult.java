package dev.perflab.harness.result;

import java.util.List;

/**
 * n requests over c connections, each connection sending its next as soon as its last is answered
 * (as ApacheBench's {@code -n} and {@code -c}). Latency is from send to answer: a quick comparison of
 * two services, not a latency objective (a slow answer delays the requests behind it unseen).
 *
 * @param wallSeconds from the first send to the last answer (or the timeout)
 * @param ratePerSecond correct answers over the wall time
 * @param windows the wall time cut into consecutive windows (by send time), each summarised on its own
 * @param peakInFlight the most requests in flight at once; never above {@code concurrency}
 */
public record FixedCountResult(int requests, int concurrency, long completed, long errors, double wallSeconds,
    double ratePerSecond, LatencySummary latency, List<LatencySummary> windows, int peakInFlight,
    double generatorCpuCores, List<String> errorSamples) {

  public FixedCountResult {
    windows = List.copyOf(windows);
    errorSamples = List.copyOf(errorSamples);
  }

  /** Failed or unanswered requests over the requests to send. */
  public double errorRatio() {
    return (double) errors / requests;
  }
}
