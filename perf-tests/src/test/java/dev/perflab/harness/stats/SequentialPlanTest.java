package dev.perflab.harness.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SequentialPlanTest {

  @Test
  void interimLooksFallEveryTenPairsAtMostFour() {
    assertThat(IntStream.rangeClosed(1, 80).filter(SequentialPlan::isInterimLook).boxed().toList())
        .containsExactly(10, 20, 30, 40);
  }

  @Test
  void theClosingLookGetsWhatTheInterimLooksLeft() {
    assertThat(SequentialPlan.closingConfidenceAt(9)).isCloseTo(0.95, within(1e-12));
    assertThat(SequentialPlan.closingConfidenceAt(10)).as("replaces the look due there")
        .isCloseTo(0.95, within(1e-12));
    assertThat(SequentialPlan.closingConfidenceAt(27)).isCloseTo(1 - (0.05 - 2 * 0.0027), within(1e-12));
    assertThat(SequentialPlan.closingConfidenceAt(80)).isCloseTo(1 - (0.05 - 4 * 0.0027), within(1e-12));
  }

  /**
   * The promise itself, simulated: a cell against itself, its pairs' log ratios symmetric about 0 (the
   * random order inside each pair makes them so under no change, whatever the machine does), looked at
   * as the plan says and closed at 27 pairs: at most 5 % of comparisons exclude 1 at any look.
   */
  @Test
  void aCellAgainstItselfRaisesAFalseAlarmInAtMostFivePercentOfComparisons() {
    SplittableRandom random = new SplittableRandom(5);
    int comparisons = 2_000;
    int alarms = 0;
    for (int comparison = 0; comparison < comparisons; comparison++) {
      java.util.List<Double> a = new java.util.ArrayList<>();
      java.util.List<Double> b = new java.util.ArrayList<>();
      for (int pairs = 1; pairs <= 27; pairs++) {
        double drift = Math.exp(0.1 * Math.sin(pairs / 5.0));
        a.add(1000 * drift * Math.exp(0.06 * random.nextGaussian()));
        b.add(1000 * drift * Math.exp(0.06 * random.nextGaussian()));
        boolean closing = pairs == 27;
        if (closing || SequentialPlan.isInterimLook(pairs)) {
          RatioInterval interval = PairedRatio.of(a, b,
              closing ? SequentialPlan.closingConfidenceAt(pairs) : SequentialPlan.INTERIM_CONFIDENCE);
          if (interval.lower() > 1 || interval.upper() < 1) {
            alarms++;
            break;
          }
        }
      }
    }
    // At most 5 % by construction (the union bound); 2,000 draws put the share within about ±1 % of it.
    assertThat(alarms / (double) comparisons).isLessThan(0.06);
  }
}
