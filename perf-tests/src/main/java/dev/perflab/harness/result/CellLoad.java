package dev.perflab.harness.result;

import dev.perflab.harness.catalog.LoadSettings;
import java.util.List;
import java.util.Objects;

/**
 * What the load part found for one cell: the fixed-rate run with the container's timeline over it
 * (warm-up included) and capacity at the objective; or why the cell could not be driven (failed),
 * or that it is unavailable here. A fixed-rate run that went through but is not valid (too many
 * errors, a driver that fell behind) is measured, and judged by {@link LoadResult#invalidity()}.
 *
 * @param settings the load settings the cell was driven with: the catalog's, with its app's and
 *     mode's own over them, and the fixed rate found from the capacity where it follows from it
 * @param exitedUnderOverload how the container ended if it died during the capacity search
 *     (pushed past what it can take: a result, not a harness failure), else null
 */
public record CellLoad(String cellId, LoadSettings settings, Outcome outcome, LoadResult fixedRate, List<ContainerSample> timeline,
    Capacity capacity, String exitedUnderOverload) {

  public CellLoad {
    Objects.requireNonNull(outcome, "outcome");
    timeline = timeline == null ? List.of() : List.copyOf(timeline);
  }

  /** Not driven: {@code outcome} says why. */
  public static CellLoad notDriven(String cellId, LoadSettings settings, Outcome outcome) {
    return new CellLoad(cellId, settings, outcome, null, List.of(), null, null);
  }

  /** Mean CPU cores and throttled share of the enforcement periods over the measured part of the timeline. */
  public double meanCpuCores(double fromMillis) {
    return timeline.stream().filter(s -> s.atMillis() > fromMillis).mapToDouble(ContainerSample::cpuCores).average()
        .orElse(0);
  }

  public double throttledPeriodShare(double fromMillis) {
    long periods = timeline.stream().filter(s -> s.atMillis() > fromMillis).mapToLong(ContainerSample::periods).sum();
    long throttled = timeline.stream().filter(s -> s.atMillis() > fromMillis)
        .mapToLong(ContainerSample::throttledPeriods).sum();
    return periods == 0 ? 0 : (double) throttled / periods;
  }

  public long peakRssBytes() {
    return timeline.stream().mapToLong(ContainerSample::rssBytes).max().orElse(0);
  }
}
