package dev.perflab.gatling;

/**
 * One line of Gatling's statistics: a request name, or all requests together. Times are in
 * milliseconds, over all responses (OK and KO), as Gatling reports them (whole milliseconds);
 * {@code perSecond} is Gatling's mean rate of responses over the run's whole span, which includes
 * the silent {@link LeadIn lead-in}: for the measured rate, divide {@code count} by the measured
 * duration.
 */
public record RequestStats(String name, long count, long ok, long ko, double perSecond, double meanMillis,
    double p50Millis, double p75Millis, double p95Millis, double p99Millis, double maxMillis) {

  public double errorPercent() {
    return count == 0 ? 0 : 100.0 * ko / count;
  }
}
