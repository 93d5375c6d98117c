package dev.perflab.harness.experiment.grid;

import java.util.List;

/**
 * A resource profile of the catalog read against the grid at the app's load rate: whether it
 * breaks the 0.8 rule or sits below the memory floor.
 *
 * @param ratePerSecond the app's fixed rate in the catalog, or the analysis' target rate where the
 *     catalog finds the rate from the capacity
 * @param onGrid false when the grid has no point at the profile's limits or no step at the rate
 * @param problems empty for a profile that fits; what it breaks otherwise
 */
public record ProfileCheck(String profile, String app, String mode, double ratePerSecond, boolean onGrid, List<String> problems) {

  public ProfileCheck {
    problems = List.copyOf(problems);
  }

  public boolean flagged() {
    return !problems.isEmpty();
  }
}
