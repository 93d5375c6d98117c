package dev.perflab.harness.budget;

/**
 * The most one cell may reach in a perf run, as a person wrote it in budgets.yaml. Medians over
 * the measured launches are compared, never a single launch.
 */
public record Budget(
    double maxMedianTimeToFirstOkMillis,
    double maxImageSizeMegabytes,
    double maxMedianRssAfterWarmupMegabytes) {}
