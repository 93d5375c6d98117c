package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Exact MVA of a closed network whose customers draw their class at every request ({@link ClassDraw}): the
 * classes are one chain, which MVA solves as a single class of the chain's population whose demand at each
 * station is the classes' demands weighted by their probabilities, D<sub>k</sub> = Σ<sub>c</sub>
 * p<sub>c</sub> D<sub>ck</sub> (a delay station's too), and whose think time is Z = Σ<sub>c</sub> p<sub>c</sub>
 * Z<sub>c</sub>. The chain's throughput X and each station's utilisation are that class's; class c's throughput
 * is p<sub>c</sub> X. At a processor-sharing station of one or several servers, and at a delay station, a
 * request's residence over its demand is the same for every class of a chain (all see the same queue, at the
 * same share of the servers), so class c's residence at k is D<sub>ck</sub> · R<sub>k</sub> / D<sub>k</sub>
 * exactly, with R<sub>k</sub> the single class's, and its response time their sum. A class of probability 0 has
 * no throughput and a NaN response time, as a class without customers has in {@link Mva}.
 *
 * <p>The network's own populations are not used: the chain's is the draw's. A first-come-first-served station is
 * refused, as {@link Mva} refuses it (classes of different service times there have no product form); simulate
 * it with the draw ({@link RoutedNetwork#withClassDraw}).
 */
public final class ChainMva {

  /** The single class the chain is solved as. */
  private static final String CHAIN = "chain";

  private ChainMva() {}

  public static NetworkSolution solve(ClosedNetwork network, ClassDraw draw) {
    if (draw.probabilities().size() != network.classCount()) {
      throw new IllegalArgumentException(draw.probabilities().size() + " class probabilities for "
          + network.classCount() + " classes");
    }
    int classes = network.classCount();
    int stations = network.stationCount();
    double think = 0;
    double[] demand = new double[stations];
    for (int c = 0; c < classes; c++) {
      think += draw.probability(c) * network.thinkSeconds(c);
      for (int k = 0; k < stations; k++) {
        demand[k] += draw.probability(c) * network.demandSeconds(c, k);
      }
    }
    List<Double> chainDemand = new ArrayList<>();
    for (double seconds : demand) {
      chainDemand.add(seconds);
    }
    NetworkSolution chain = Mva.solve(new ClosedNetwork(network.stations(),
        List.of(new CustomerClass(CHAIN, draw.customers(), think)), List.of(chainDemand)));
    double throughput = chain.classes().getFirst().throughputPerSecond();
    // A request's residence per second of its demand at each station: the same for every class of the chain.
    double[] stretch = new double[stations];
    for (int k = 0; k < stations; k++) {
      stretch[k] = demand[k] > 0 ? chain.stations().get(k).perClass().getFirst().residenceSeconds() / demand[k] : 0;
    }
    List<ClassResult> classResults = new ArrayList<>();
    for (int c = 0; c < classes; c++) {
      double response = 0;
      for (int k = 0; k < stations; k++) {
        response += network.demandSeconds(c, k) * stretch[k];
      }
      boolean drawn = draw.probability(c) > 0;
      classResults.add(new ClassResult(network.classes().get(c).name(), 0, draw.probability(c) * throughput,
          drawn ? response : Double.NaN));
    }
    List<StationResult> stationResults = new ArrayList<>();
    for (int k = 0; k < stations; k++) {
      StationResult whole = chain.stations().get(k);
      Station station = whole.station();
      List<StationClassResult> perClass = new ArrayList<>();
      for (int c = 0; c < classes; c++) {
        double classThroughput = draw.probability(c) * throughput;
        double residence = network.demandSeconds(c, k) * stretch[k];
        perClass.add(new StationClassResult(
            station.isDelay() ? 0 : classThroughput * network.demandSeconds(c, k) / station.servers(),
            draw.probability(c) > 0 ? residence : Double.NaN, classThroughput * residence));
      }
      stationResults.add(new StationResult(station, whole.busyServers(), whole.utilisation(), perClass));
    }
    return new NetworkSolution(classResults, stationResults);
  }
}
