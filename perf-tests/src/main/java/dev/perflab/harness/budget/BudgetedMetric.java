package dev.perflab.harness.budget;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.stats.Distribution;
import java.util.Optional;

/**
 * What a cell's budget limits: a statistic of a {@link Metric}, compared in the unit a reader is
 * shown it (ms, MB), as budgets.yaml writes it. Launch metrics are budgeted by their median over the
 * measured launches, never a single launch; the image has one size.
 */
public enum BudgetedMetric {
  TIME_TO_FIRST_OK(Metric.TIME_TO_FIRST_OK_MILLIS, true),
  IMAGE_SIZE(Metric.IMAGE_SIZE_BYTES, false),
  RSS_AFTER_WARMUP(Metric.RSS_BYTES_AFTER_WARMUP, true);

  private final Metric metric;
  private final boolean median;

  BudgetedMetric(Metric metric, boolean median) {
    this.metric = metric;
    this.median = median;
  }

  public Metric metric() {
    return metric;
  }

  /** "median timeToFirstOkMillis", "image size": how a breach and a budget's test are named. */
  public String checkName() {
    return median ? "median " + metric.key() : metric.label();
  }

  /** The cell's value, shown as budgets are written (ms, MB); empty where it was not measured. */
  Optional<Double> measured(CellResult result) {
    if (median) {
      return result.statistics(metric).map(Distribution::median).map(metric.unit()::shown);
    }
    return Optional.ofNullable(result.image()).map(image -> metric.unit().shown(image.sizeBytes()));
  }
}
