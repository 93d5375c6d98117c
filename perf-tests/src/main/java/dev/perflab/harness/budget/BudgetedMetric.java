package dev.perflab.harness.budget;

import dev.perflab.harness.metric.Metric;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Optional;

/**
 * What a cell's budget limits: a statistic of a {@link Metric}, compared in the unit a reader is
 * shown it (ms, MB), as budgets.yaml writes it. Launch metrics are budgeted by their median over the
 * measured launches, never a single launch; the image has one size.
 */
public enum BudgetedMetric {
  TIME_TO_FIRST_OK(Metric.TIME_TO_FIRST_OK_MILLIS, true, true, 1.12, "maxMedianTimeToFirstOkMillis"),
  IMAGE_SIZE(Metric.IMAGE_SIZE_BYTES, false, false, 1.15, "maxImageSizeMegabytes"),
  RSS_AFTER_WARMUP(Metric.RSS_BYTES_AFTER_WARMUP, true, false, 1.25, "maxMedianRssAfterWarmupMegabytes");

  private final Metric metric;
  private final boolean median;
  private final boolean scalesWithMachine;
  private final double proposedHeadroom;
  private final String budgetField;

  /**
   * @param scalesWithMachine whether its budget is judged times the machine factor: a time, which a
   *     slower machine stretches; memory and image sizes it does not
   * @param proposedHeadroom a proposed budget over the measured value: startup time, judged at the
   *     machine's pace, keeps 12 % (tight enough that a 20 % slower start fails, loose enough for the
   *     factor's error between cells); memory moves with the machine's noise (25 %); an image's size
   *     moves only when its inputs do
   * @param budgetField its field in budgets.yaml ({@link Budget})
   */
  BudgetedMetric(Metric metric, boolean median, boolean scalesWithMachine, double proposedHeadroom,
      String budgetField) {
    this.metric = metric;
    this.median = median;
    this.scalesWithMachine = scalesWithMachine;
    this.proposedHeadroom = proposedHeadroom;
    this.budgetField = budgetField;
  }

  public boolean scalesWithMachine() {
    return scalesWithMachine;
  }

  /** Whether each launch measures it (a median over launches), rather than the image once. */
  public boolean perLaunch() {
    return median;
  }

  /** The launches' values, shown as budgets are written (ms, MB), those that have one; none for the image's size. */
  public List<Double> values(List<LaunchSample> launches) {
    return median ? launches.stream().map(launch -> launch.value(metric)).flatMap(Optional::stream)
        .map(metric.unit()::shown).toList() : List.of();
  }

  public double proposedHeadroom() {
    return proposedHeadroom;
  }

  public String budgetField() {
    return budgetField;
  }

  /** The reported cell's value, shown as budgets are written (ms, MB); empty where it was not measured. */
  public Optional<Double> measured(CellReport report) {
    if (median) {
      return Optional.ofNullable(report.statistics().get(metric.key())).map(Distribution::median)
          .map(metric.unit()::shown);
    }
    return Optional.ofNullable(report.image()).map(image -> metric.unit().shown(image.sizeBytes()));
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
