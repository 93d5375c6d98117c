package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.WeightedRequest;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RequestMixTest {

  private static final RequestMix MIX = new RequestMix(List.of(
      new WeightedRequest(6, get("/health")), new WeightedRequest(3, get("/delay?ms=0")),
      new WeightedRequest(1, get("/delay?ms=5"))));

  @Test
  void picksFollowTheWeights() {
    IntSupplier picks = MIX.picks(RequestMix.SEED);
    int[] counts = new int[3];
    int draws = 100_000;
    for (int i = 0; i < draws; i++) {
      counts[picks.getAsInt()]++;
    }
    // Binomial standard deviations at 100,000 draws are 0.15 % or less: 1 % is over six of them.
    assertThat(counts[0] / (double) draws).isCloseTo(0.6, offset(0.01));
    assertThat(counts[1] / (double) draws).isCloseTo(0.3, offset(0.01));
    assertThat(counts[2] / (double) draws).isCloseTo(0.1, offset(0.01));
  }

  @Test
  void theSameSeedGivesTheSameSequence() {
    assertThat(sequence(MIX.picks(RequestMix.SEED))).isEqualTo(sequence(MIX.picks(RequestMix.SEED)));
    assertThat(sequence(MIX.picks(RequestMix.SEED))).isNotEqualTo(sequence(MIX.picks(RequestMix.SEED + 1)));
  }

  @Test
  void aSingleRequestIsEveryPick() {
    RequestMix single = RequestMix.single(get("/hello"));

    assertThat(sequence(single.picks(RequestMix.SEED))).containsOnly(0);
    assertThat(single).hasToString("GET /hello");
    assertThat(MIX).hasToString("6× GET /health, 3× GET /delay?ms=0, 1× GET /delay?ms=5");
  }

  @Test
  void anEmptyMixANegativeWeightOrOnlyZeroWeightsAreRefused() {
    assertThatThrownBy(() -> new RequestMix(List.of())).hasMessage("'mix' needs at least one request");
    assertThatThrownBy(() -> new WeightedRequest(-1, get("/a")))
        .hasMessage("'weight' must be a whole number of at least 0, got -1");
    assertThatThrownBy(() -> new RequestMix(List.of(new WeightedRequest(0, get("/a")))))
        .hasMessage("'mix' needs a request of a weight above 0: every weight is 0");
  }

  @Test
  void aRequestOfWeightZeroIsNeverPicked() {
    RequestMix mix = new RequestMix(List.of(new WeightedRequest(0, get("/a")), new WeightedRequest(2, get("/b")),
        new WeightedRequest(0, get("/c"))));

    assertThat(sequence(mix.picks(RequestMix.SEED))).containsOnly(1);
  }

  private static List<Integer> sequence(IntSupplier picks) {
    return IntStream.range(0, 200).map(i -> picks.getAsInt()).boxed().toList();
  }

  private static RequestSpec get(String path) {
    return new RequestSpec("GET", path, null, null, 200, "");
  }
}
