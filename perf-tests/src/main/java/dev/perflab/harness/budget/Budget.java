package dev.perflab.harness.budget;

/**
 * The most one cell may reach in a perf run, as a person wrote it in budgets.yaml: one field per
 * {@link BudgetedMetric}, named after its statistic and metric, in the unit a reader is shown it.
 */
public record Budget(
    double maxMedianTimeToFirstOkMillis,
    double maxImageSizeMegabytes,
    double maxMedianRssAfterWarmupMegabytes) {

  /** The limit on {@code metric}, in the unit its figures are shown in. */
  public double limit(BudgetedMetric metric) {
    return switch (metric) {
      case TIME_TO_FIRST_OK -> maxMedianTimeToFirstOkMillis;
      case IMAGE_SIZE -> maxImageSizeMegabytes;
      case RSS_AFTER_WARMUP -> maxMedianRssAfterWarmupMegabytes;
    };
  }
}
