package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;

/**
 * What the open-model driver sends to one app (catalog {@code apps[].load}): each request picked
 * from the mix with a probability of its weight over the sum of the weights, by a generator
 * seeded the same in every run, so two runs of a cell send the same sequence.
 */
public record RequestMix(List<WeightedRequest> mix) {

  /** Every run's seed: the sequence of picks is part of what is measured, so it never varies. */
  public static final long SEED = 20_251_121L;

  public RequestMix {
    mix = List.copyOf(required(mix, "mix"));
    if (mix.isEmpty()) {
      throw new IllegalArgumentException("'mix' needs at least one request");
    }
    if (mix.stream().allMatch(entry -> entry.weight() == 0)) {
      throw new IllegalArgumentException("'mix' needs a request of a weight above 0: every weight is 0");
    }
  }

  /** A mix of one request: every pick is that request. */
  public static RequestMix single(RequestSpec request) {
    return new RequestMix(List.of(new WeightedRequest(1, request)));
  }

  /** Indices into {@link #mix()}, drawn by weight; the same sequence for the same seed. */
  public IntSupplier picks(long seed) {
    int[] cumulative = new int[mix.size()];
    int total = 0;
    for (int i = 0; i < mix.size(); i++) {
      total = Math.addExact(total, mix.get(i).weight());
      cumulative[i] = total;
    }
    if (mix.size() == 1) {
      return () -> 0;
    }
    int sum = total;
    SplittableRandom random = new SplittableRandom(seed);
    return () -> {
      int draw = random.nextInt(sum);
      int index = 0;
      while (cumulative[index] <= draw) {
        index++;
      }
      return index;
    };
  }

  public RequestSpec request(int index) {
    return mix.get(index).request();
  }

  public int size() {
    return mix.size();
  }

  /** {@code GET /hello}, or {@code 3× GET /a, 1× GET /b}. */
  @Override
  public String toString() {
    return mix.size() == 1 ? mix.getFirst().request().toString()
        : mix.stream().map(entry -> entry.weight() + "× " + entry.request()).collect(Collectors.joining(", "));
  }
}
