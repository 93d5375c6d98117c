package dev.perflab.harness.model;

import java.util.List;

/**
 * Customers who draw their class anew at every request instead of keeping one: each of {@code customers}
 * sends a request of class c with probability {@code probabilities[c]}, whatever its last one was. The classes
 * then form one chain: only the chain's population is fixed, how many customers are in each class moves from
 * one request to the next, and each class's share of the throughput is its probability, where fixed classes
 * share it by how fast each cycles. {@link ChainMva} solves such a network, {@link ForkJoinSimulation} simulates
 * it ({@link RoutedNetwork#withClassDraw}).
 *
 * @param customers the chain's population, at least 1
 * @param probabilities one per class, in the network's class order, each from 0 to 1, summing to 1
 */
public record ClassDraw(int customers, List<Double> probabilities) {

  private static final double SUM_TOLERANCE = 1e-9;

  public ClassDraw {
    if (customers < 1) {
      throw new IllegalArgumentException("a chain needs at least 1 customer, got " + customers);
    }
    probabilities = List.copyOf(probabilities);
    double sum = 0;
    for (double probability : probabilities) {
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("each class's probability must be from 0 to 1, got " + probabilities);
      }
      sum += probability;
    }
    if (Math.abs(sum - 1) > SUM_TOLERANCE) {
      throw new IllegalArgumentException("the classes' probabilities must sum to 1, got " + probabilities + " (sum "
          + sum + ")");
    }
  }

  public double probability(int classIndex) {
    return probabilities.get(classIndex);
  }

  /** The class a uniform draw from [0, 1) picks: the first whose cumulative probability exceeds it. */
  int classFor(double uniform) {
    double cumulative = 0;
    int last = 0;
    for (int c = 0; c < probabilities.size(); c++) {
      if (probabilities.get(c) > 0) {
        cumulative += probabilities.get(c);
        last = c;
        if (uniform < cumulative) {
          return c;
        }
      }
    }
    return last; // the sum's rounding below 1: the last class that can be drawn
  }
}
