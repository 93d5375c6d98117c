package dev.perflab.harness.model;

/**
 * A closed product-form network solved the slow, obvious way, as the reference MVA must equal: every
 * placement of every customer (at a station or thinking) weighted by the BCMP product form, normalised.
 * For a processor-sharing station of c servers holding n = Σ n_c customers the factor is
 * n! / Π n_c! · Π D_c^(n_c) / Π_{j ≤ n} min(j, c); for a delay (and for thinking), Π D_c^(n_c) / n_c!.
 * Only for small populations: the states multiply fast.
 */
final class ProductFormByEnumeration {

  /**
   * Mean customers of each class at each station and thinking, and the servers' worth each class
   * receives at each station (n_c · min(n, c) / n at c servers), whose ratio to the demand is the
   * class's throughput, think time or not.
   */
  record Means(double[][] atStation, double[] thinking, double[][] busyServers) {

    double throughput(int classIndex, int stationIndex, double demandSeconds) {
      return busyServers[classIndex][stationIndex] / demandSeconds;
    }
  }

  private final ClosedNetwork network;
  private final int classes;
  private final int places; // the stations, then thinking
  private final double[][] mean;
  private final double[][] busy;
  private double total;

  private ProductFormByEnumeration(ClosedNetwork network) {
    this.network = network;
    this.classes = network.classCount();
    this.places = network.stationCount() + 1;
    this.mean = new double[classes][places];
    this.busy = new double[classes][places];
  }

  static Means solve(ClosedNetwork network) {
    ProductFormByEnumeration enumeration = new ProductFormByEnumeration(network);
    enumeration.place(0, 0, network.population(0), new int[enumeration.classes][enumeration.places]);
    double[][] atStation = new double[enumeration.classes][network.stationCount()];
    double[][] busyServers = new double[enumeration.classes][network.stationCount()];
    double[] thinking = new double[enumeration.classes];
    for (int c = 0; c < enumeration.classes; c++) {
      for (int k = 0; k < network.stationCount(); k++) {
        atStation[c][k] = enumeration.mean[c][k] / enumeration.total;
        busyServers[c][k] = enumeration.busy[c][k] / enumeration.total;
      }
      thinking[c] = enumeration.mean[c][network.stationCount()] / enumeration.total;
    }
    return new Means(atStation, thinking, busyServers);
  }

  /** Puts the remaining customers of class c at place p and after, then the next class. */
  private void place(int c, int p, int remaining, int[][] state) {
    if (c == classes) {
      double weight = weight(state);
      total += weight;
      for (int pp = 0; pp < places; pp++) {
        int together = 0;
        for (int cc = 0; cc < classes; cc++) {
          together += state[cc][pp];
        }
        for (int cc = 0; cc < classes; cc++) {
          mean[cc][pp] += weight * state[cc][pp];
          if (state[cc][pp] > 0) {
            boolean shared = pp < places - 1 && !network.stations().get(pp).isDelay();
            double share = shared ? Math.min(1, network.stations().get(pp).servers() / (double) together) : 1;
            busy[cc][pp] += weight * state[cc][pp] * share;
          }
        }
      }
      return;
    }
    if (p == places - 1) {
      state[c][p] = remaining;
      place(c + 1, 0, c + 1 < classes ? network.population(c + 1) : 0, state);
      return;
    }
    for (int here = 0; here <= remaining; here++) {
      state[c][p] = here;
      place(c, p + 1, remaining - here, state);
    }
  }

  private double weight(int[][] state) {
    double weight = 1;
    for (int k = 0; k < places; k++) {
      boolean thinking = k == places - 1;
      Station station = thinking ? null : network.stations().get(k);
      int together = 0;
      for (int c = 0; c < classes; c++) {
        int n = state[c][k];
        double demand = thinking ? network.thinkSeconds(c) : network.demandSeconds(c, k);
        weight *= Math.pow(demand, n) / factorial(n);
        together += n;
      }
      if (!thinking && !station.isDelay()) {
        weight *= factorial(together);
        for (int j = 1; j <= together; j++) {
          weight /= Math.min(j, station.servers());
        }
      }
    }
    return weight;
  }

  private static double factorial(int n) {
    double result = 1;
    for (int i = 2; i <= n; i++) {
      result *= i;
    }
    return result;
  }
}
