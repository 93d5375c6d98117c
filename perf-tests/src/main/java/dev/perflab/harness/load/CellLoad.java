package dev.perflab.harness.load;

import java.util.List;

/**
 * What the load part found for one cell: the fixed-rate run with the container's timeline
 * over it (warm-up included), the Gatling simulations, and capacity at the objective; or why
 * the cell could not be driven, or that it is unavailable here.
 *
 * @param exitedUnderOverload how the container ended if it died during the capacity search
 *     (pushed past what it can take: a result, not a harness failure), else null
 * @param gatlingSkipped why the Gatling simulations did not run against the cell (its app does
 *     not answer the perflab contract they exercise), else null
 */
public record CellLoad(String cellId, LoadResult fixedRate, List<ContainerSample> timeline, List<GatlingRun> gatling,
    Capacity capacity, String exitedUnderOverload, String failure, String unavailable, String gatlingSkipped) {

  public CellLoad {
    timeline = timeline == null ? List.of() : List.copyOf(timeline);
    gatling = gatling == null ? List.of() : List.copyOf(gatling);
  }

  public static CellLoad failed(String cellId, String failure) {
    return new CellLoad(cellId, null, List.of(), List.of(), null, null, failure, null, null);
  }

  public static CellLoad unavailable(String cellId, String reason) {
    return new CellLoad(cellId, null, List.of(), List.of(), null, null, null, reason, null);
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
