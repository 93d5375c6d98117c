package dev.perflab.harness.result;

/** One rate tried by the capacity search, and whether the cell met the objective at it. */
public record CapacityStep(double ratePerSecond, long p99Micros, double errorRatio, double achievedRatePerSecond,
    boolean generatorLimited, boolean met) {}
