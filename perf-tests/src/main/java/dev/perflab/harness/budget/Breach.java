package dev.perflab.harness.budget;

import java.util.Locale;

/**
 * One metric of one cell over its budget.
 *
 * @param metric the budget's check name, e.g. "median timeToFirstOkMillis"
 * @param measured the cell's value in {@code unit}
 * @param budget the budget in {@code unit}
 */
public record Breach(String cellId, String metric, double measured, double budget, String unit) {

  public String message() {
    return String.format(Locale.ROOT, "%s: %s is %.0f %s, over the budget of %.0f %s (+%.1f %%)",
        cellId, metric, measured, unit, budget, unit, (measured / budget - 1) * 100);
  }
}
