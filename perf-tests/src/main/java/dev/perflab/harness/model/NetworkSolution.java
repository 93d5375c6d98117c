package dev.perflab.harness.model;

import java.util.Comparator;
import java.util.List;

/**
 * The steady-state means of a closed network, the same shape whether MVA solved it or the
 * simulation estimated it.
 *
 * @param classes in the network's class order
 * @param stations in the network's station order
 */
public record NetworkSolution(List<ClassResult> classes, List<StationResult> stations) {

  public NetworkSolution {
    classes = List.copyOf(classes);
    stations = List.copyOf(stations);
  }

  public ClassResult classResult(String name) {
    return classes.stream().filter(result -> result.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no class " + name + " in "
            + classes.stream().map(ClassResult::name).toList()));
  }

  public StationResult station(String name) {
    return stations.stream().filter(result -> result.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no station " + name + " in "
            + stations.stream().map(StationResult::name).toList()));
  }

  public double throughputPerSecond(String className) {
    return classResult(className).throughputPerSecond();
  }

  public double responseSeconds(String className) {
    return classResult(className).responseSeconds();
  }

  /** The station's utilisation as a share of its capacity. */
  public double utilisation(String stationName) {
    return station(stationName).utilisation();
  }

  public double totalThroughputPerSecond() {
    return classes.stream().mapToDouble(ClassResult::throughputPerSecond).sum();
  }

  /**
   * The mean response over all requests, whatever their class: each class's response weighted by its
   * throughput, as a load driver that mixes the classes measures it. NaN with no customers at all.
   */
  public double meanResponseSeconds() {
    double weighted = 0;
    double throughput = 0;
    for (ClassResult result : classes) {
      if (result.throughputPerSecond() > 0) {
        weighted += result.throughputPerSecond() * result.responseSeconds();
        throughput += result.throughputPerSecond();
      }
    }
    return throughput > 0 ? weighted / throughput : Double.NaN;
  }

  /** The queueing station nearest saturation: the highest utilisation (the first of equals). */
  public StationResult bottleneck() {
    return stations.stream().filter(result -> !result.station().isDelay())
        .max(Comparator.comparingDouble(StationResult::utilisation))
        .orElseThrow(() -> new IllegalStateException("a network of delay stations only has no bottleneck"));
  }
}
