package dev.perflab.harness.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Exact mean value analysis (Reiser and Lavenberg, 1980) of a closed multi-class product-form
 * network: processor-sharing stations of one or more servers and delay stations (processor sharing
 * makes the means insensitive to the service time's distribution).
 *
 * <p>It walks every population vector n from 0 up to the network's N, solving each from the ones
 * with a customer less (the arrival theorem: an arriving class-c customer sees the network in its
 * steady state with itself removed):
 *
 * <ul>
 *   <li>single server: R<sub>ck</sub>(n) = D<sub>ck</sub> (1 + Q<sub>k</sub>(n − e<sub>c</sub>));
 *   <li>delay: R<sub>ck</sub>(n) = D<sub>ck</sub>;
 *   <li>c servers, rate min(j, c)·μ with j customers: R<sub>ck</sub>(n) = D<sub>ck</sub>/c · (1 +
 *       Q<sub>k</sub>(n − e<sub>c</sub>) + Σ<sub>j=0</sub><sup>c−2</sup> (c − 1 − j) p<sub>k</sub>(j |
 *       n − e<sub>c</sub>)), which needs the probabilities p<sub>k</sub>(j | n) of j customers at the
 *       station only below c (Bolch et al., Queueing Networks and Markov Chains, 2nd ed., §8.2): p(j | n)
 *       = 1/j · Σ<sub>c</sub> D<sub>ck</sub> X<sub>c</sub>(n) p(j − 1 | n − e<sub>c</sub>) for 1 ≤ j &lt; c;
 *   <li>X<sub>c</sub>(n) = n<sub>c</sub> / (Z<sub>c</sub> + Σ<sub>k</sub> R<sub>ck</sub>(n)), Q = X·R.
 * </ul>
 *
 * <p>The textbook takes p(0 | n) as 1 minus the rest, which is numerically unstable: near saturation
 * it subtracts nearly equal numbers and, with three servers or more, the error grows with every
 * customer (a 4-server station at 300 customers gave a negative throughput). Here p(0 | n) is a
 * product instead: p<sub>k</sub>(0 | n) = G<sub>−k</sub>(n) / G(n), so p<sub>k</sub>(0 | n) =
 * p<sub>k</sub>(0 | n − e<sub>c</sub>) · X<sub>c</sub>(n) / X<sub>c</sub><sup>−k</sup>(n), where
 * X<sup>−k</sup> is the throughput of the same network without station k (the complement network of
 * load-dependent MVA). Each multi-server station therefore needs the network solved without it, and
 * so on down: 2<sup>L</sup> passes over the lattice for L multi-server stations.
 *
 * <p>Cost: the population lattice has P = Π<sub>c</sub>(N<sub>c</sub> + 1) points, each solved in
 * O(C·(K + Σ servers of multi-server stations)) time, in 2<sup>L</sup> passes. Two classes of 300 and
 * five stations, one of them with two servers, are 90,601 points in 2 passes: 30 to 100 ms.
 * The lattice grows as the product of the populations, so many classes of many customers are out of
 * reach; {@link #MAX_STORED_VALUES} stops a solve that would keep more than that many numbers rather
 * than run out of memory.
 */
public final class Mva {

  /** 8 bytes each: about 160 MB at most. */
  static final long MAX_STORED_VALUES = 20_000_000L;

  private Mva() {}

  public static NetworkSolution solve(ClosedNetwork network) {
    for (Station station : network.stations()) {
      if (station.kind() == StationKind.FIRST_COME_FIRST_SERVED) {
        throw new IllegalArgumentException("station " + station.name() + " serves first come, first served: with"
            + " service times that differ by class that has no product form, and MVA here solves processor-sharing"
            + " and delay stations only; simulate it (ForkJoinSimulation)");
      }
    }
    Lattice lattice = new Lattice(network);
    int multiServer = lattice.multiServer.length;
    double stored = (double) lattice.points * (lattice.width + network.classCount() * Math.pow(2, multiServer));
    if (stored > MAX_STORED_VALUES) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "exact MVA of populations %s with %d"
          + " multi-server stations needs at least %d lattice points and %.3g stored values, over the %d it keeps:"
          + " reduce the populations, the classes or the multi-server stations",
          network.classes().stream().map(CustomerClass::population).toList(), multiServer, lattice.points, stored,
          MAX_STORED_VALUES));
    }
    // Bit i of a mask removes multi-server station i; every superset of a mask is a larger number, so
    // counting down solves each complement before the networks that need it.
    double[][] throughputsByMask = new double[1 << multiServer][];
    Pass pass = null;
    for (int removed = (1 << multiServer) - 1; removed >= 0; removed--) {
      pass = new Pass(lattice, removed, throughputsByMask);
      throughputsByMask[removed] = pass.run();
    }
    return pass.result();
  }

  /** The population lattice's shape: points in mixed-radix order, so n − e_c always comes before n. */
  private static final class Lattice {

    final ClosedNetwork network;
    final int classes;
    final int stations;
    final int[] populations;
    final int[] strides;
    final long points;
    final int[] multiServer; // station indices of the multi-server stations
    final int[] offsets; // where station k's p(j | n), j < servers, start among a point's values
    final int width; // values kept per point: Q_k for every k, then the multi-server stations' p(j)

    Lattice(ClosedNetwork network) {
      this.network = network;
      this.classes = network.classCount();
      this.stations = network.stationCount();
      this.populations = new int[classes];
      this.strides = new int[classes];
      long size = 1;
      for (int c = 0; c < classes; c++) {
        populations[c] = network.population(c);
        strides[c] = (int) Math.min(size, Integer.MAX_VALUE);
        // Past the limit the size only has to be large enough to refuse, and must not overflow.
        size = size > MAX_STORED_VALUES ? size : size * (populations[c] + 1L);
      }
      this.points = size;
      this.offsets = new int[stations];
      List<Integer> multi = new ArrayList<>();
      int next = stations;
      for (int k = 0; k < stations; k++) {
        Station station = network.stations().get(k);
        offsets[k] = next;
        if (!station.isDelay() && station.servers() > 1 && visited(network, k)) {
          multi.add(k);
          next += station.servers();
        }
      }
      this.multiServer = multi.stream().mapToInt(Integer::intValue).toArray();
      this.width = next;
    }

    /** A station nobody visits needs no pass of its own. */
    private static boolean visited(ClosedNetwork network, int k) {
      for (int c = 0; c < network.classCount(); c++) {
        if (network.demandSeconds(c, k) > 0) {
          return true;
        }
      }
      return false;
    }

    void decode(int index, int[] n) {
      int rest = index;
      for (int c = 0; c < classes; c++) {
        n[c] = rest % (populations[c] + 1);
        rest /= populations[c] + 1;
      }
    }
  }

  /** One pass over the lattice for the network less the multi-server stations in the mask. */
  private static final class Pass {

    private final Lattice lattice;
    private final ClosedNetwork network;
    private final int removed;
    private final double[][] throughputsByMask;
    private final double[] values;
    private final double[] throughputByPoint;
    private final int[] n;
    private final double[] throughput;
    private final double[][] residence;
    private final boolean[] present;

    Pass(Lattice lattice, int removed, double[][] throughputsByMask) {
      this.lattice = lattice;
      this.network = lattice.network;
      this.removed = removed;
      this.throughputsByMask = throughputsByMask;
      this.values = new double[(int) (lattice.points * lattice.width)];
      this.throughputByPoint = new double[(int) (lattice.points * lattice.classes)];
      this.n = new int[lattice.classes];
      this.throughput = new double[lattice.classes];
      this.residence = new double[lattice.classes][lattice.stations];
      this.present = new boolean[lattice.stations];
      Arrays.fill(present, true);
      for (int i = 0; i < lattice.multiServer.length; i++) {
        present[lattice.multiServer[i]] = (removed & (1 << i)) == 0;
      }
    }

    /** Every point's throughput by class, for the networks that have this one as a complement. */
    double[] run() {
      for (int index = 0; index < lattice.points; index++) {
        lattice.decode(index, n);
        step(index);
        System.arraycopy(throughput, 0, throughputByPoint, index * lattice.classes, lattice.classes);
      }
      return throughputByPoint;
    }

    private void step(int index) {
      int base = index * lattice.width;
      Arrays.fill(throughput, 0);
      if (index == 0) {
        for (int k : lattice.multiServer) {
          values[base + lattice.offsets[k]] = 1; // an empty station: p(0) = 1
        }
        return;
      }
      for (int c = 0; c < lattice.classes; c++) {
        if (n[c] == 0) {
          continue;
        }
        int previous = (index - lattice.strides[c]) * lattice.width;
        double total = network.thinkSeconds(c);
        for (int k = 0; k < lattice.stations; k++) {
          residence[c][k] = present[k] ? residence(c, k, previous) : 0;
          total += residence[c][k];
        }
        // In a complement network a class may have nowhere left to spend time: it cycles at once.
        throughput[c] = total > 0 ? n[c] / total : Double.POSITIVE_INFINITY;
      }
      for (int k = 0; k < lattice.stations; k++) {
        double queue = 0;
        for (int c = 0; c < lattice.classes; c++) {
          if (n[c] > 0 && residence[c][k] > 0) {
            queue += throughput[c] * residence[c][k];
          }
        }
        values[base + k] = queue;
      }
      for (int i = 0; i < lattice.multiServer.length; i++) {
        if ((removed & (1 << i)) == 0) {
          probabilities(lattice.multiServer[i], i, index);
        }
      }
    }

    private double residence(int c, int k, int previous) {
      double demand = network.demandSeconds(c, k);
      if (demand == 0) {
        return 0;
      }
      Station station = network.stations().get(k);
      if (station.isDelay()) {
        return demand;
      }
      double queueSeen = values[previous + k];
      int servers = station.servers();
      if (servers == 1) {
        return demand * (1 + queueSeen);
      }
      double idleServersSeen = 0;
      for (int j = 0; j <= servers - 2; j++) {
        idleServersSeen += (servers - 1 - j) * values[previous + lattice.offsets[k] + j];
      }
      return demand / servers * (1 + queueSeen + idleServersSeen);
    }

    /** p_k(j | n) for j below the station's servers: p(0) by the complement, the rest from p(j − 1). */
    private void probabilities(int k, int bit, int index) {
      int servers = network.stations().get(k).servers();
      int at = index * lattice.width + lattice.offsets[k];
      for (int j = 1; j < servers; j++) {
        double sum = 0;
        for (int c = 0; c < lattice.classes; c++) {
          double demand = network.demandSeconds(c, k);
          if (n[c] > 0 && demand > 0) {
            int previous = (index - lattice.strides[c]) * lattice.width + lattice.offsets[k];
            sum += demand * throughput[c] * values[previous + j - 1];
          }
        }
        values[at + j] = sum / j;
      }
      values[at] = emptyProbability(k, bit, index);
    }

    /** p_k(0 | n) = p_k(0 | n − e_c) · X_c(n) / X_c without k (n), for a class c present. */
    private double emptyProbability(int k, int bit, int index) {
      double[] complement = throughputsByMask[removed | (1 << bit)];
      for (int c = 0; c < lattice.classes; c++) {
        if (n[c] > 0 && Double.isFinite(throughput[c])) {
          double without = complement[index * lattice.classes + c];
          double before = values[(index - lattice.strides[c]) * lattice.width + lattice.offsets[k]];
          // Without k the class cycles at once: it has nowhere but k to be, so k is never empty.
          return Double.isInfinite(without) ? 0 : before * throughput[c] / without;
        }
      }
      return 1; // only customers that never visit anything: k is empty
    }

    NetworkSolution result() {
      List<ClassResult> classResults = new ArrayList<>();
      for (int c = 0; c < lattice.classes; c++) {
        double response = 0;
        for (int k = 0; k < lattice.stations; k++) {
          response += residence[c][k];
        }
        classResults.add(new ClassResult(network.classes().get(c).name(), n[c], throughput[c],
            n[c] == 0 ? Double.NaN : response));
      }
      List<StationResult> stationResults = new ArrayList<>();
      for (int k = 0; k < lattice.stations; k++) {
        Station station = network.stations().get(k);
        List<StationClassResult> perClass = new ArrayList<>();
        double busy = 0;
        for (int c = 0; c < lattice.classes; c++) {
          double classBusy = throughput[c] * network.demandSeconds(c, k);
          busy += classBusy;
          perClass.add(new StationClassResult(station.isDelay() ? 0 : classBusy / station.servers(),
              n[c] == 0 ? Double.NaN : residence[c][k], n[c] == 0 ? 0 : throughput[c] * residence[c][k]));
        }
        stationResults.add(new StationResult(station, busy, station.isDelay() ? 0 : busy / station.servers(),
            perClass));
      }
      return new NetworkSolution(classResults, stationResults);
    }
  }
}
