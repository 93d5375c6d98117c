package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Asymptotic bounds of a closed network, per class (Denning and Buzen; Lazowska et al., Quantitative
 * System Performance, ch. 5): whatever the other classes do, class c cannot finish requests faster
 * than its customers can send them with no queueing at all, nor faster than its own bottleneck
 * serves it alone:
 *
 * <pre>
 *   X_c ≤ min(N_c / (D_c + Z_c), 1 / D_c,max)       R_c ≥ max(D_c, N_c · D_c,max − Z_c)
 * </pre>
 *
 * <p>where D<sub>c</sub> is the class's total demand and D<sub>c,max</sub> its largest demand per
 * server (a station of c servers serves c times as fast at most; a delay station never saturates and
 * does not count). With one class they are the textbook bounds, and the two throughput limits cross
 * at N* = (D + Z) / D<sub>max</sub>. With several, the other classes only make them looser: they are
 * a sanity check on every solution, tight only where the class is alone.
 */
public record AsymptoticBounds(List<ClassBounds> classes) {

  /**
   * @param totalDemandSeconds D_c: its demand at all stations together
   * @param maxDemandPerServerSeconds D_c,max: its largest demand at a queueing station, per server; 0 if
   *     it visits delay stations only
   * @param maxThroughputPerSecond the upper bound on X_c
   * @param minResponseSeconds the lower bound on R_c
   */
  public record ClassBounds(String name, double totalDemandSeconds, double maxDemandPerServerSeconds,
      double maxThroughputPerSecond, double minResponseSeconds) {}

  public AsymptoticBounds {
    classes = List.copyOf(classes);
  }

  public static AsymptoticBounds of(ClosedNetwork network) {
    List<ClassBounds> bounds = new ArrayList<>();
    for (int c = 0; c < network.classCount(); c++) {
      double total = 0;
      double max = 0;
      for (int k = 0; k < network.stationCount(); k++) {
        double demand = network.demandSeconds(c, k);
        total += demand;
        Station station = network.stations().get(k);
        if (!station.isDelay()) {
          max = Math.max(max, demand / station.servers());
        }
      }
      int population = network.population(c);
      double think = network.thinkSeconds(c);
      double throughput = Math.min(population / (total + think), max > 0 ? 1 / max : Double.POSITIVE_INFINITY);
      double response = Math.max(total, population * max - think);
      bounds.add(new ClassBounds(network.classes().get(c).name(), total, max, throughput, response));
    }
    return new AsymptoticBounds(bounds);
  }

  public ClassBounds of(String className) {
    return classes.stream().filter(bound -> bound.name().equals(className)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no class " + className));
  }

  /**
   * Each bound the solution breaks by more than the relative tolerance, one sentence each; empty when
   * all hold. A station's utilisation above 1 is a breach too.
   */
  public List<String> breaches(NetworkSolution solution, double relativeTolerance) {
    List<String> breaches = new ArrayList<>();
    for (ClassBounds bound : classes) {
      ClassResult result = solution.classResult(bound.name());
      if (result.throughputPerSecond() > bound.maxThroughputPerSecond() * (1 + relativeTolerance)) {
        breaches.add(bound.name() + ": throughput " + result.throughputPerSecond() + "/s above its bound "
            + bound.maxThroughputPerSecond() + "/s");
      }
      if (result.population() > 0 && result.responseSeconds() < bound.minResponseSeconds() * (1 - relativeTolerance)) {
        breaches.add(bound.name() + ": response " + result.responseSeconds() + " s below its bound "
            + bound.minResponseSeconds() + " s");
      }
    }
    for (StationResult station : solution.stations()) {
      if (station.utilisation() > 1 + relativeTolerance) {
        breaches.add(station.name() + ": utilisation " + station.utilisation() + " above 1");
      }
    }
    return breaches;
  }
}
