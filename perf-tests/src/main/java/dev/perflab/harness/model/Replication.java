package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * One run of the simulation: every customer starts thinking, then sends requests along its class's
 * route, one at a time. Think times are exponential with the network's means (a memoryless customer
 * population); a visit's service time is drawn with its mean and its class's coefficient of variation
 * ({@link RoutedNetwork#serviceVariation}): exponential at 1, as the product-form networks MVA solves, so
 * the two can be compared; gamma otherwise; fixed at 0. The next event is either the earliest think to end
 * or the earliest departure from a station; ties go to thinks, then to stations in network order, so a
 * seed fixes the whole run. With a {@link ClassDraw}, each customer draws its class as it starts to think, from a
 * stream of its own (split off only then, so a run without a draw keeps the streams it had), and its think and
 * the request after it are of that class.
 */
final class Replication {

  private record Wake(double atSeconds, long sequence, int classIndex) {}

  private final RoutedNetwork routed;
  private final ClosedNetwork network;
  private final SplittableRandom random;
  private final double warmupEndSeconds;
  private final double endSeconds;
  private final SimulatedStation[] stations;
  private final Map<String, Integer> stationIndex = new HashMap<>();
  private final double[][] serviceSeconds;
  private final GammaDistribution[][] serviceTimes; // null where the class's visits are exponential or fixed
  private final ClassDraw draw; // null: each customer keeps its class
  private final SplittableRandom draws; // the classes' draws, apart from the times'
  private final PriorityQueue<Wake> thinking =
      new PriorityQueue<>(Comparator.comparingDouble(Wake::atSeconds).thenComparingLong(Wake::sequence));
  private final long[] completions;
  private final double[] responseSecondsSum;
  private double nowSeconds;
  private long sequence;

  Replication(RoutedNetwork routed, SplittableRandom random, SimulationPlan plan) {
    this.routed = routed;
    this.network = routed.network();
    this.random = random;
    this.warmupEndSeconds = plan.warmupSeconds();
    this.endSeconds = plan.warmupSeconds() + plan.measuredSeconds();
    int classes = network.classCount();
    this.stations = new SimulatedStation[network.stationCount()];
    this.serviceSeconds = new double[classes][network.stationCount()];
    this.serviceTimes = new GammaDistribution[classes][network.stationCount()];
    // Drawn only when a class needs it, so a network of exponential services keeps the random stream it had.
    RandomGenerator gammaSource = routed.serviceVariation().stream().anyMatch(Replication::gamma)
        ? new Well19937c(random.nextLong()) : null;
    for (int k = 0; k < stations.length; k++) {
      stations[k] = SimulatedStation.of(network.stations().get(k), classes, warmupEndSeconds, endSeconds);
      stationIndex.put(network.stations().get(k).name(), k);
      for (int c = 0; c < classes; c++) {
        serviceSeconds[c][k] = network.demandSeconds(c, k) > 0 ? routed.serviceSecondsPerVisit(c, k) : 0;
        double variation = routed.serviceVariation().get(c);
        if (serviceSeconds[c][k] > 0 && gamma(variation)) {
          // Shape 1/cv² and scale mean·cv²: the mean stays the visit's, the spread is the class's.
          serviceTimes[c][k] = new GammaDistribution(gammaSource, 1 / (variation * variation),
              serviceSeconds[c][k] * variation * variation);
        }
      }
    }
    this.draw = routed.classDraw();
    this.draws = draw == null ? null : random.split();
    this.completions = new long[classes];
    this.responseSecondsSum = new double[classes];
  }

  NetworkSolution run() {
    if (draw == null) {
      for (int c = 0; c < network.classCount(); c++) {
        for (int customer = 0; customer < network.population(c); customer++) {
          think(c);
        }
      }
    } else {
      for (int customer = 0; customer < draw.customers(); customer++) {
        think(draw.classFor(draws.nextDouble()));
      }
    }
    while (true) {
      double next = thinking.isEmpty() ? Double.POSITIVE_INFINITY : thinking.peek().atSeconds();
      int departing = -1;
      for (int k = 0; k < stations.length; k++) {
        double departure = stations[k].nextDepartureSeconds();
        if (departure < next) {
          next = departure;
          departing = k;
        }
      }
      if (next > endSeconds) {
        break;
      }
      nowSeconds = next;
      if (departing < 0) {
        int c = thinking.poll().classIndex();
        advance(new RequestBranch(c, nowSeconds, routed.routes().get(c), null));
      } else {
        advance(stations[departing].depart(nowSeconds).branch());
      }
    }
    for (SimulatedStation station : stations) {
      station.advanceTo(endSeconds);
    }
    return result();
  }

  private static boolean gamma(double variation) {
    return variation > 0 && variation != 1;
  }

  /** One visit's service time: exponential, gamma, or fixed, as the class's variation says. */
  private double serviceTime(int classIndex, int stationIndex) {
    GammaDistribution times = serviceTimes[classIndex][stationIndex];
    if (times != null) {
      return times.sample();
    }
    double mean = serviceSeconds[classIndex][stationIndex];
    return routed.serviceVariation().get(classIndex) == 0 ? mean : exponential(mean);
  }

  private double exponential(double meanSeconds) {
    return meanSeconds == 0 ? 0 : -meanSeconds * Math.log(1 - random.nextDouble());
  }

  private void think(int classIndex) {
    thinking.add(new Wake(nowSeconds + exponential(network.thinkSeconds(classIndex)), sequence++, classIndex));
  }

  /** Takes the branch through its next steps until it waits at a station, forks, or is done. */
  private void advance(RequestBranch branch) {
    Route.Step step = branch.nextStep();
    if (step == null) {
      finish(branch);
      return;
    }
    switch (step) {
      case Route.Visit visit -> {
        int k = stationIndex.get(visit.station());
        int c = branch.classIndex();
        stations[k].arrive(nowSeconds, branch, c, serviceTime(c, k));
      }
      case Route.Fork fork -> {
        RequestBranch.Join join = new RequestBranch.Join(fork.branches().size(), branch);
        for (Route route : fork.branches()) {
          advance(branch.branch(route, join));
        }
      }
    }
  }

  private void finish(RequestBranch branch) {
    if (branch.join() != null) {
      RequestBranch continuation = branch.join().arrive();
      if (continuation != null) {
        advance(continuation);
      }
      return;
    }
    int c = branch.classIndex();
    if (nowSeconds >= warmupEndSeconds) {
      completions[c]++;
      responseSecondsSum[c] += nowSeconds - branch.startSeconds();
    }
    think(draw == null ? c : draw.classFor(draws.nextDouble()));
  }

  private NetworkSolution result() {
    double measuredSeconds = endSeconds - warmupEndSeconds;
    int classes = network.classCount();
    double[] throughput = new double[classes];
    List<ClassResult> classResults = new ArrayList<>();
    for (int c = 0; c < classes; c++) {
      throughput[c] = completions[c] / measuredSeconds;
      classResults.add(new ClassResult(network.classes().get(c).name(), draw == null ? network.population(c) : 0,
          throughput[c], completions[c] == 0 ? Double.NaN : responseSecondsSum[c] / completions[c]));
    }
    List<StationResult> stationResults = new ArrayList<>();
    for (SimulatedStation simulated : stations) {
      Station station = simulated.station();
      List<StationClassResult> perClass = new ArrayList<>();
      double busy = 0;
      for (int c = 0; c < classes; c++) {
        double classBusy = simulated.serverSecondsOfClass(c) / measuredSeconds;
        double queue = simulated.jobSecondsOfClass(c) / measuredSeconds;
        busy += classBusy;
        perClass.add(new StationClassResult(station.isDelay() ? 0 : classBusy / station.servers(),
            throughput[c] > 0 ? queue / throughput[c] : Double.NaN, queue));
      }
      stationResults.add(new StationResult(station, busy, station.isDelay() ? 0 : busy / station.servers(), perClass));
    }
    return new NetworkSolution(classResults, stationResults);
  }
}
