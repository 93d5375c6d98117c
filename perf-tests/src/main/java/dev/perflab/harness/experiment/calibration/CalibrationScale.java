package dev.perflab.harness.experiment.calibration;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** One scale of a gate calibration: its series, run comparison by comparison across them so that drift spreads. */
public record CalibrationScale(List<CalibrationSeries> series) {

  public CalibrationScale {
    series = List.copyOf(required(series, "series"));
    if (series.isEmpty()) {
      throw new IllegalArgumentException("'series' names at least one");
    }
    Set<String> names = new HashSet<>();
    for (CalibrationSeries one : series) {
      if (!names.add(one.name())) {
        throw new IllegalArgumentException("'series' has " + one.name() + " twice: one series per injected work and"
            + " size (raise its 'comparisons' to add to it)");
      }
    }
  }

  /** The most comparisons of any series: the plan's rounds. */
  int rounds() {
    return series.stream().mapToInt(CalibrationSeries::comparisons).max().orElse(0);
  }
}
