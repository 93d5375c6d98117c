package dev.perflab.harness.budget;

import java.util.Locale;

/**
 * One metric of one cell over its budget.
 *
 * @param metric the budget's check name, e.g. "median timeToFirstOkMillis"
 * @param measured the cell's value in {@code unit}
 * @param budget the budget in {@code unit}, as the file has it
 * @param factor what the budget was scaled by (a time budget), or null where it counts as written
 */
public record Breach(String cellId, String metric, double measured, double budget, MachineFactor factor, String unit) {

  /** The budget the figure was judged against: times the machine factor for a time. */
  public double scaledBudget() {
    return factor == null ? budget : budget * factor.factor();
  }

  /**
   * "q/jvm/1cpu-512m: median timeToFirstOkMillis is 4210 ms, over the budget of 3960 ms (2600 ms × machine
   * factor 1.52) (+6.3 %)".
   */
  public String message() {
    String judged = factor == null ? String.format(Locale.ROOT, "%.0f %s", budget, unit)
        : String.format(Locale.ROOT, "%.0f %s (%.0f %s × machine factor %.2f)", scaledBudget(), unit, budget, unit,
            factor.factor());
    return String.format(Locale.ROOT, "%s: %s is %.0f %s, over the budget of %s (+%.1f %%)",
        cellId, metric, measured, unit, judged, (measured / scaledBudget() - 1) * 100);
  }
}
