package dev.perflab.harness.budget;

/**
 * What one Gatling simulation may reach against one load cell, as a person wrote it in
 * budgets.yaml. The harness hands these to the simulation, which asserts them with Gatling's own
 * assertions over all its requests; a breach fails the simulation, and the perf run with it.
 */
public record GatlingBudget(double maxP95Millis, double maxP99Millis, double maxErrorPercent) {}
