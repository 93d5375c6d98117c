package dev.perflab.harness.experiment.grid;

/**
 * When a point's staircase ends early: after a step whose p99 is over {@code p99Millis}, or whose
 * share of failed requests is over {@code errorRatio}. Higher steps would only queue.
 */
public record StopCondition(double p99Millis, double errorRatio) {

  public StopCondition {
    if (!(p99Millis > 0)) {
      throw new IllegalArgumentException("'p99Millis' must be above 0, got " + p99Millis);
    }
    if (!(errorRatio >= 0 && errorRatio < 1)) {
      throw new IllegalArgumentException("'errorRatio' must be at least 0 and below 1, got " + errorRatio);
    }
  }
}
