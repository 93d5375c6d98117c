package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A simulation's figures against an exact solution's, each against its own 95 % interval: the tests allow one miss
 * in a dozen (one in twenty misses by design) and none beyond twice the interval.
 */
final class AgainstExact {

  final List<String> outside = new ArrayList<>();
  final List<String> farOutside = new ArrayList<>();

  /** Two classes over a single-server, a two-server and a delay station, one class without think time. */
  static ClosedNetwork productForm() {
    return ClosedNetwork.builder()
        .station(Station.queue("gateway")).station(Station.queue("cpu", 2)).station(Station.delay("wire"))
        .customerClass("A", 6, 0.2, Map.of("gateway", 0.010, "cpu", 0.040, "wire", 0.005))
        .customerClass("B", 3, 0.0, Map.of("gateway", 0.020, "cpu", 0.030))
        .build();
  }

  /** Each class's throughput and response, and the product-form network's two queues' utilisation. */
  static AgainstExact compare(SimulatedSolution simulated, NetworkSolution exact) {
    AgainstExact result = new AgainstExact();
    for (String c : List.of("A", "B")) {
      result.check("X " + c, simulated.throughputPerSecond(c), simulated.throughputHalfWidthPerSecond(c),
          exact.throughputPerSecond(c));
      result.check("R " + c, simulated.responseSeconds(c), simulated.responseHalfWidthSeconds(c),
          exact.responseSeconds(c));
    }
    for (String station : List.of("gateway", "cpu")) {
      result.check("U " + station, simulated.utilisation(station), simulated.utilisationHalfWidth(station),
          exact.utilisation(station));
    }
    return result;
  }

  void check(String figure, double simulated, double halfWidth, double exact) {
    String line = figure + ": simulated " + simulated + " ± " + halfWidth + ", exact " + exact;
    if (Math.abs(simulated - exact) > halfWidth) {
      outside.add(line);
    }
    if (Math.abs(simulated - exact) > 2 * halfWidth) {
      farOutside.add(line);
    }
  }
}
