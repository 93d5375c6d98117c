package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A closed network with each class's route, for the simulation. The network's demand table stays the
 * one source of service: a class's demand at a station is split evenly over its route's visits there,
 * so the same {@link ClosedNetwork} can be solved by {@link Mva} and simulated.
 *
 * <p>The simulation also needs how much a visit's service time varies, which MVA does without: its
 * processor-sharing and delay stations are insensitive to it (their product form holds for any service
 * distribution with the same mean), but a first-come-first-served station is not, and neither is a join,
 * which waits for the slowest of its branches. One visit's time is drawn from a gamma distribution with
 * the visit's mean and the class's coefficient of variation: 1 is the exponential, 0 a fixed time.
 *
 * @param routes one per class, in the network's class order
 * @param serviceVariation one per class: the coefficient of variation (standard deviation over mean) of
 *     its visits' service times, at every station it visits
 * @param classDraw null: each customer keeps its class, the network's populations; else the customers draw
 *     their class anew at every request ({@link ClassDraw}), the network's populations unused
 */
public record RoutedNetwork(ClosedNetwork network, List<Route> routes, List<Double> serviceVariation,
    ClassDraw classDraw) {

  /** Exponential service times for every class, as the product-form networks MVA solves are usually given. */
  public RoutedNetwork(ClosedNetwork network, List<Route> routes) {
    this(network, routes, Collections.nCopies(routes.size(), 1.0));
  }

  /** Each customer keeps its class. */
  public RoutedNetwork(ClosedNetwork network, List<Route> routes, List<Double> serviceVariation) {
    this(network, routes, serviceVariation, null);
  }

  public RoutedNetwork {
    routes = List.copyOf(routes);
    serviceVariation = List.copyOf(serviceVariation);
    if (routes.size() != network.classCount()) {
      throw new IllegalArgumentException(routes.size() + " routes for " + network.classCount() + " classes");
    }
    if (serviceVariation.size() != network.classCount()) {
      throw new IllegalArgumentException(serviceVariation.size() + " service variations for "
          + network.classCount() + " classes");
    }
    if (classDraw != null && classDraw.probabilities().size() != network.classCount()) {
      throw new IllegalArgumentException(classDraw.probabilities().size() + " class probabilities for "
          + network.classCount() + " classes");
    }
    for (int c = 0; c < network.classCount(); c++) {
      double variation = serviceVariation.get(c);
      if (!(variation >= 0) || Double.isInfinite(variation)) {
        throw new IllegalArgumentException("class " + network.classes().get(c).name()
            + ": a service time's coefficient of variation must be a finite 0 or more, not " + variation);
      }
    }
    for (int c = 0; c < network.classCount(); c++) {
      String className = network.classes().get(c).name();
      for (int k = 0; k < network.stationCount(); k++) {
        String station = network.stations().get(k).name();
        int visits = routes.get(c).visitsTo(station);
        double demand = network.demandSeconds(c, k);
        if (demand > 0 && visits == 0) {
          throw new IllegalArgumentException("class " + className + " has a demand of " + demand + " s at " + station
              + " but its route never visits it");
        }
        if (demand == 0 && visits > 0) {
          throw new IllegalArgumentException("class " + className + "'s route visits " + station
              + ", where the class has no demand");
        }
      }
      checkStationsExist(network, className, routes.get(c));
    }
  }

  private static void checkStationsExist(ClosedNetwork network, String className, Route route) {
    for (Route.Step step : route.steps()) {
      switch (step) {
        case Route.Visit visit -> {
          try {
            network.stationIndex(visit.station());
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("class " + className + "'s route: " + e.getMessage(), e);
          }
        }
        case Route.Fork fork -> fork.branches().forEach(branch -> checkStationsExist(network, className, branch));
      }
    }
  }

  /**
   * Each class visits every station where it has demand once, in the network's station order, with no
   * forks: the network MVA solves, for checking the simulation against it.
   */
  public static RoutedNetwork sequential(ClosedNetwork network) {
    List<Route> routes = new ArrayList<>();
    for (int c = 0; c < network.classCount(); c++) {
      List<String> visited = new ArrayList<>();
      for (int k = 0; k < network.stationCount(); k++) {
        if (network.demandSeconds(c, k) > 0) {
          visited.add(network.stations().get(k).name());
        }
      }
      routes.add(Route.through(visited.toArray(String[]::new)));
    }
    return new RoutedNetwork(network, routes);
  }

  /** The same routes with other populations, one per class in order: a point of a mix sweep. */
  public RoutedNetwork withPopulations(int... populations) {
    return new RoutedNetwork(network.withPopulations(populations), routes, serviceVariation, classDraw);
  }

  /** The same routes with customers who draw their class at every request: a point of a mix sweep of one chain. */
  public RoutedNetwork withClassDraw(ClassDraw draw) {
    return new RoutedNetwork(network, routes, serviceVariation, draw);
  }

  /** The mean service time of one visit of the class to the station: its demand over its visits. */
  double serviceSecondsPerVisit(int classIndex, int stationIndex) {
    String station = network.stations().get(stationIndex).name();
    return network.demandSeconds(classIndex, stationIndex) / routes.get(classIndex).visitsTo(station);
  }
}
