package dev.perflab.harness.model;

import java.util.List;

/**
 * One station, all classes together.
 *
 * @param busyServers the mean number of busy servers (Σ over classes of throughput × demand); at a
 *     delay station, the mean number of customers in it
 * @param utilisation busyServers as a share of the station's servers (0 to 1); 0 at a delay station,
 *     which has no capacity to run out of
 * @param perClass in the network's class order
 */
public record StationResult(Station station, double busyServers, double utilisation, List<StationClassResult> perClass) {

  public StationResult {
    perClass = List.copyOf(perClass);
  }

  public String name() {
    return station.name();
  }

  public double queueLength() {
    return perClass.stream().mapToDouble(StationClassResult::queueLength).sum();
  }
}
