package dev.perflab.gatling;

/** The responses of the recent window: how many, their p95, and the share that failed. */
public record WindowStats(long responses, double p95Millis, double errorPercent) {

  static final WindowStats EMPTY = new WindowStats(0, 0, 0);
}
