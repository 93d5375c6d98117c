package dev.perflab.harness.result;

import org.HdrHistogram.Histogram;

/** Percentiles of a latency histogram recorded in microseconds. */
public record LatencySummary(
    long count, double meanMicros, long p50Micros, long p90Micros, long p95Micros, long p99Micros, long p999Micros, long maxMicros) {

  public static LatencySummary of(Histogram micros) {
    return new LatencySummary(micros.getTotalCount(), micros.getMean(),
        micros.getValueAtPercentile(50), micros.getValueAtPercentile(90), micros.getValueAtPercentile(95), micros.getValueAtPercentile(99),
        micros.getValueAtPercentile(99.9), micros.getMaxValue());
  }
}
