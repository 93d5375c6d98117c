package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PairedRatioTest {

  private static final List<Double> A = List.of(1_480.0, 1_510.0, 1_495.0, 1_530.0, 1_470.0, 1_505.0, 1_520.0,
      1_490.0, 1_500.0, 1_540.0);

  @Test
  void aCandidateScaledLaunchByLaunchHasExactlyThatRatio() {
    List<Double> b = A.stream().map(value -> value * 1.05).toList();
    RatioInterval interval = PairedRatio.of(A, b, 0.95);
    assertThat(interval.ratio()).isCloseTo(1.05, within(1e-12));
    assertThat(interval.lower()).isCloseTo(1.05, within(1e-12));
    assertThat(interval.upper()).isCloseTo(1.05, within(1e-12));
  }

  @Test
  void theSignedRankLevelsAreTheTabulatedOnes() {
    // 10 pairs: the two-sided 5 % critical value of T is 8, so P(T <= 8) = 0.0244 and k = 9.
    assertThat(PairedRatio.rank(10, 0.95).k()).isEqualTo(9);
    assertThat(PairedRatio.rank(10, 0.95).confidence()).isCloseTo(1 - 2 * 25.0 / 1024, within(1e-12));
    // 3 pairs: all of one sign has probability 2 / 8, so the widest interval covers 75 %.
    assertThat(PairedRatio.rank(3, 0.95)).isEqualTo(new PairedRatio.Rank(1, 0.75));
    // P(T <= t) sums to 1, and T is symmetric about n(n+1)/4.
    double[] cumulative = PairedRatio.cumulativeSignedRank(20);
    assertThat(cumulative[cumulative.length - 1]).isCloseTo(1, within(1e-12));
    assertThat(cumulative[104]).isCloseTo(0.5 - (cumulative[105] - cumulative[104]) / 2, within(1e-9));
  }

  @Test
  void drifWhichMovesBothLaunchesOfAPairLeavesTheRatio() {
    // The machine slows by half over the run; B is 4 % slower than A throughout.
    List<Double> a = new ArrayList<>();
    List<Double> b = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 20; i++) {
      double pace = 1 + 0.5 * i / 20;
      a.add(1_000 * pace * (1 + 0.01 * random.nextGaussian()));
      b.add(1_040 * pace * (1 + 0.01 * random.nextGaussian()));
    }
    RatioInterval paired = PairedRatio.of(a, b, 0.95);
    assertThat(paired.lower()).isGreaterThan(1.02);
    assertThat(paired.upper()).isLessThan(1.06);
    // Unpaired, the drift is noise: the interval covers 1 and says nothing.
    RatioInterval unpaired = RatioInterval.of(a, b);
    assertThat(unpaired.lower()).isLessThan(1);
  }

  @Test
  void aAgainstItselfExcludesOneAtMostAsOftenAsItsLevelAllows() {
    SplittableRandom random = new SplittableRandom(11);
    int excluded = 0;
    int comparisons = 4_000;
    double confidence = 0;
    for (int i = 0; i < comparisons; i++) {
      List<Double> a = new ArrayList<>();
      List<Double> b = new ArrayList<>();
      for (int pair = 0; pair < 12; pair++) {
        a.add(Math.exp(0.04 * random.nextGaussian()));
        b.add(Math.exp(0.04 * random.nextGaussian()));
      }
      RatioInterval interval = PairedRatio.of(a, b, 0.95);
      confidence = interval.confidence();
      if (interval.lower() > 1 || interval.upper() < 1) {
        excluded++;
      }
    }
    assertThat(confidence).isGreaterThanOrEqualTo(0.95);
    // At most 1 − confidence by construction; 4,000 draws put the share within about ±0.7 % of it.
    assertThat(excluded / (double) comparisons).isLessThan(1 - confidence + 0.01);
  }

  @Test
  void unpairedOrTooFewSamplesAreRefused() {
    assertThatThrownBy(() -> PairedRatio.of(A, A.subList(0, 9), 0.95)).hasMessageContaining("10 A and 9 B");
    assertThatThrownBy(() -> PairedRatio.of(A.subList(0, 2), A.subList(0, 2), 0.95)).hasMessageContaining("got 2");
    assertThatThrownBy(() -> PairedRatio.of(List.of(1.0, 0.0, 1.0), A.subList(0, 3), 0.95))
        .hasMessageContaining("baseline (A) sample 2 is 0.0");
  }
}
