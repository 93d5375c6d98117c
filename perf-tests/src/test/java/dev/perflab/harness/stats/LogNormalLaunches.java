package dev.perflab.harness.stats;

import java.util.List;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * Simulated launches with multiplicative, right-skewed noise, as startup times and latencies have,
 * from a seeded generator so every test sees the same samples.
 */
final class LogNormalLaunches {

  private final LogNormalDistribution noise;

  /** Noise with coefficient of variation {@code cv} around a median of 1. */
  LogNormalLaunches(double cv, long seed) {
    noise = new LogNormalDistribution(new Well19937c(seed), 0, Math.sqrt(Math.log(1 + cv * cv)));
  }

  List<Double> draw(int n, double median) {
    return DoubleStream.generate(() -> median * noise.sample()).limit(n).boxed().toList();
  }
}
