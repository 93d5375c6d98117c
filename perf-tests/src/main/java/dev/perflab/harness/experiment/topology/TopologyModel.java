package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.NodeScheduling;
import dev.perflab.harness.model.ChainMva;
import dev.perflab.harness.model.ClassDraw;
import dev.perflab.harness.model.ClosedNetwork;
import dev.perflab.harness.model.ForkJoinSimulation;
import dev.perflab.harness.model.Mva;
import dev.perflab.harness.model.NetworkSolution;
import dev.perflab.harness.model.Route;
import dev.perflab.harness.model.RoutedNetwork;
import dev.perflab.harness.model.SimulationPlan;
import dev.perflab.harness.model.Station;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant as a closed two-class queueing network, from the demands its own launch measured: one
 * station per service (its replicas as servers), serving at its quota, so a request's demand there is its
 * CPU over the quota; and one delay station for what one user alone waited beyond the services' CPU (the
 * network, the hops, a service's delay). A service's station shares its server (processor sharing), or,
 * for an app whose node runs requests in arrival order ({@link NodeScheduling#IN_ARRIVAL_ORDER}) under a
 * quota of a core or less (the JVM then counts one processor: one carrier), serves them first come, first
 * served. Each request type is a class with its think time: with users of its own ({@link #predict}), or drawn by
 * every user at every request, the classes then one chain ({@link #predictDrawn}). Solved exactly by MVA, or
 * simulated where a request forks and joins or a station serves in arrival order (neither has a product form),
 * along each type's route through the calls.
 */
final class TopologyModel {

  static final String MVA = "mva";
  static final String SIMULATION = "simulation";
  /** The delay station: what one user alone waits outside the services' CPU. */
  static final String WAITING = "waiting";
  private static final long SEED = 20_261_127L;
  /** The standard normal's 90th percentile: a normal spread's p90 − p50 over its standard deviation. */
  private static final double P90_ABOVE_MEDIAN_IN_DEVIATIONS = 1.2816;

  /** The model's figures for one population of each type, in the spec's type order. */
  record Prediction(double[] responseMillis, double[] throughputPerSecond, double meanResponseMillis,
      double totalThroughputPerSecond, Map<String, Double> utilisation) {}

  private final TopologyVariant variant;
  private final List<String> types;
  private final RoutedNetwork routed;
  private final boolean simulated;

  private TopologyModel(TopologyVariant variant, List<String> types, RoutedNetwork routed, boolean simulated) {
    this.variant = variant;
    this.types = types;
    this.routed = routed;
    this.simulated = simulated;
  }

  static String solverFor(TopologyVariant variant, NodeScheduling scheduling) {
    return variant.forks() || variant.services().stream().anyMatch(service -> inArrivalOrder(service, scheduling))
        ? SIMULATION : MVA;
  }

  /** Whether the service's station serves first come, first served: the app's nodes do, on one carrier. */
  static boolean inArrivalOrder(TopologyService service, NodeScheduling scheduling) {
    return scheduling == NodeScheduling.IN_ARRIVAL_ORDER && service.cpus() <= 1;
  }

  /**
   * @param demands one launch's rows: each type's CPU per request at each service, and its response time
   *     with one user alone; those measured before the sweep are the model's. A type's CPU at a service its
   *     calls never reach (a little of the service's idle CPU, counted over the type's answers) is left out.
   * @throws IllegalArgumentException if the demands make no network (none measured, say)
   */
  static TopologyModel of(TopologyVariant variant, List<String> types, List<TopologyDemandRow> demands,
      long thinkTimeMillis, NodeScheduling scheduling) {
    ClosedNetwork.Builder builder = ClosedNetwork.builder();
    variant.services().forEach(service -> builder.station(inArrivalOrder(service, scheduling)
        ? Station.inArrivalOrder(service.name(), service.replicas()) : Station.queue(service.name(), service.replicas())));
    builder.station(Station.delay(WAITING));
    List<Route> routes = new ArrayList<>();
    List<Double> variation = new ArrayList<>();
    for (String type : types) {
      Map<String, Double> seconds = new LinkedHashMap<>();
      TopologyDemandRow alone = null;
      for (TopologyDemandRow row : demands) {
        if (row.beforeSweep() && row.requestType().equals(type) && row.cpuMillisPerRequest() > 0) {
          // A replica's station serves at its own quota: the demand is the CPU over one replica's quota.
          seconds.put(row.service(), row.cpuMillisPerRequest() / 1000 / variant.service(row.service()).cpus());
          alone = row;
        }
      }
      double responseAlone = alone == null || alone.responseMillisAtOneUser() == null ? 0
          : alone.responseMillisAtOneUser() / 1000;
      Route calls = route(variant, variant.entry(type), type, seconds);
      seconds.keySet().removeIf(service -> calls.visitsTo(service) == 0);
      double waiting = Math.max(0, responseAlone - aloneSeconds(calls, seconds));
      if (waiting > 0) {
        seconds.put(WAITING, waiting);
      }
      builder.customerClass(type, 0, thinkTimeMillis / 1000.0, seconds);
      routes.add(waiting > 0 ? Route.of(concat(calls.steps(), Route.visit(WAITING))) : calls);
      variation.add(serviceVariation(alone, seconds.values()));
    }
    return new TopologyModel(variant, types, new RoutedNetwork(builder.build(), routes, variation),
        solverFor(variant, scheduling).equals(SIMULATION));
  }

  /**
   * How much a visit's time varies, for the simulation (MVA's stations do not depend on it), from one user
   * alone: the spread of its answer times, p90 − p50 as a normal's 1.28 standard deviations (robust to the
   * odd collection pause), over the root of the sum of its visits' squared times (the wait beyond the
   * services' CPU included, where there is one): the spread each visit would have if they all varied
   * independently by the same share. With no percentiles (a row from before they were kept), exponential.
   */
  static double serviceVariation(TopologyDemandRow alone, Collection<Double> visitSeconds) {
    if (alone == null || alone.responseP50MillisAtOneUser() == null || alone.responseP90MillisAtOneUser() == null) {
      return 1;
    }
    double deviationSeconds = Math.max(0, alone.responseP90MillisAtOneUser() - alone.responseP50MillisAtOneUser())
        / 1000 / P90_ABOVE_MEDIAN_IN_DEVIATIONS;
    double squares = visitSeconds.stream().mapToDouble(seconds -> seconds * seconds).sum();
    return squares == 0 ? 1 : deviationSeconds / Math.sqrt(squares);
  }

  /** Predicted for {@code users[i]} users of type i, each keeping its type: a class per type. */
  Prediction predict(int[] users) {
    NetworkSolution solution = simulated
        ? ForkJoinSimulation.run(routed.withPopulations(users), SEED, plan()).estimate()
        : Mva.solve(routed.network().withPopulations(users));
    boolean[] sent = new boolean[types.size()];
    for (int i = 0; i < types.size(); i++) {
      sent[i] = users[i] > 0;
    }
    return prediction(solution, sent);
  }

  /**
   * Predicted for {@code users} users who draw each request's type, type i with probability {@code shares[i]}: one
   * chain whose users switch type at every request. Exact where the network has a product form ({@link ChainMva}:
   * a single class of the shares' weighted demands, each type's figures from it), else simulated with each user's
   * type drawn anew at every request.
   */
  Prediction predictDrawn(int users, double[] shares) {
    ClassDraw draw = new ClassDraw(users, Arrays.stream(shares).boxed().toList());
    NetworkSolution solution = simulated
        ? ForkJoinSimulation.run(routed.withClassDraw(draw), SEED, plan()).estimate()
        : ChainMva.solve(routed.network(), draw);
    boolean[] sent = new boolean[types.size()];
    for (int i = 0; i < types.size(); i++) {
      sent[i] = shares[i] > 0;
    }
    return prediction(solution, sent);
  }

  /** Each type's figures where it is sent at all (else no response and no throughput), and every service's. */
  private Prediction prediction(NetworkSolution solution, boolean[] sent) {
    double[] response = new double[types.size()];
    double[] throughput = new double[types.size()];
    for (int i = 0; i < types.size(); i++) {
      response[i] = sent[i] ? solution.responseSeconds(types.get(i)) * 1000 : Double.NaN;
      throughput[i] = sent[i] ? solution.throughputPerSecond(types.get(i)) : 0;
    }
    Map<String, Double> utilisation = new LinkedHashMap<>();
    variant.services().forEach(service -> utilisation.put(service.name(), solution.utilisation(service.name())));
    return new Prediction(response, throughput, solution.meanResponseSeconds() * 1000,
        solution.totalThroughputPerSecond(), utilisation);
  }

  /**
   * Each service's utilisation by the utilisation law alone, U = Σ X·D over its servers, at a throughput of each
   * type (in the spec's type order): what the demands make of a measured throughput, no queueing in it.
   */
  Map<String, Double> utilisationAt(double[] throughputPerSecond) {
    ClosedNetwork network = routed.network();
    Map<String, Double> utilisation = new LinkedHashMap<>();
    for (TopologyService service : variant.services()) {
      int station = network.stationIndex(service.name());
      double busy = 0;
      for (int i = 0; i < types.size(); i++) {
        busy += throughputPerSecond[i] * network.demandSeconds(network.classIndex(types.get(i)), station);
      }
      utilisation.put(service.name(), busy / network.stations().get(station).servers());
    }
    return utilisation;
  }

  /** Long enough for a few thousand answers at the slowest station's pace, replicated for an interval. */
  private SimulationPlan plan() {
    double slowest = 0;
    ClosedNetwork network = routed.network();
    for (int c = 0; c < network.classCount(); c++) {
      for (int k = 0; k < network.stationCount(); k++) {
        slowest = Math.max(slowest, network.demandSeconds(c, k));
      }
    }
    double measured = Math.max(30, 3000 * slowest);
    return new SimulationPlan(4, measured / 5, measured);
  }

  /**
   * A type's path through the calls: the service's visit (its CPU, which a node spends before its calls),
   * then its calls one after another, or forked and joined. A service without CPU for the type is passed
   * through without a visit.
   */
  private static Route route(TopologyVariant variant, String serviceName, String type, Map<String, Double> seconds) {
    List<Route.Step> steps = new ArrayList<>();
    if (seconds.containsKey(serviceName)) {
      steps.add(Route.visit(serviceName));
    }
    NodeWork work = variant.service(serviceName).types().get(type);
    List<Route> calls = work.calls().stream()
        .map(call -> route(variant, call.service(), call.typeFor(type), seconds)).toList();
    if (work.forks()) {
      steps.add(Route.fork(calls.toArray(Route[]::new)));
    } else {
      calls.forEach(call -> steps.addAll(call.steps()));
    }
    return new Route(steps);
  }

  /** How long a route takes with no one else about: its visits' demands, a fork as its longest branch. */
  private static double aloneSeconds(Route route, Map<String, Double> seconds) {
    double total = 0;
    for (Route.Step step : route.steps()) {
      total += switch (step) {
        case Route.Visit visit -> seconds.getOrDefault(visit.station(), 0.0);
        case Route.Fork fork -> fork.branches().stream().mapToDouble(branch -> aloneSeconds(branch, seconds)).max()
            .orElse(0);
      };
    }
    return total;
  }

  private static Route.Step[] concat(List<Route.Step> steps, Route.Step last) {
    List<Route.Step> all = new ArrayList<>(steps);
    all.add(last);
    return all.toArray(Route.Step[]::new);
  }
}
