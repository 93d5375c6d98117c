package dev.perflab.harness.stats;

import java.util.Locale;

/**
 * When a paired comparison looks at its pairs so far, and at what confidence, so that it may stop as
 * soon as its verdict is decided and still keep its promise on false alarms. A Haybittle–Peto plan:
 * an interim look every {@value #LOOK_EVERY} pairs, at most {@value #MOST_INTERIM_LOOKS} of them, each
 * asking for {@value #INTERIM_CONFIDENCE} (a change must be plain to stop the run early), and one
 * closing look, when the cell's time is up or its most pairs are done, which gets whatever of the 5 %
 * the interim looks left. By the union bound, a change that is not there is called a regression or an
 * improvement at one look or another in at most {@value #FALSE_ALARM_RATE} of comparisons, however
 * the looks' intervals depend on each other and whichever look ends the run: each look's interval
 * holds its level exactly ({@link PairedRatio}), and the levels' misses add up to at most 5 %.
 *
 * <p>Where the looks fall depends on the pair count and the clock alone, never on what the pairs
 * showed, which is what lets their levels add up so. The first interim look is at
 * {@value #LOOK_EVERY} pairs because fewer cannot reach the interim level at all: with 9 pairs all of
 * one sign, the signed-rank tail is 2 · 2<sup>−9</sup> = 0.39 %.
 */
public final class SequentialPlan {

  public static final double FALSE_ALARM_RATE = 0.05;
  /** The confidence of a metric judged once, on a number of pairs fixed in advance: no looks to share it. */
  public static final double FIXED_CONFIDENCE = 1 - FALSE_ALARM_RATE;
  /** z = 3: a two-sided 0.27 % per interim look. */
  public static final double INTERIM_CONFIDENCE = 0.9973;
  public static final int LOOK_EVERY = 10;
  public static final int MOST_INTERIM_LOOKS = 4;

  private SequentialPlan() {}

  /** Whether the pairs so far are due an interim look. */
  public static boolean isInterimLook(int pairs) {
    return pairs % LOOK_EVERY == 0 && pairs / LOOK_EVERY <= MOST_INTERIM_LOOKS;
  }

  /**
   * The confidence of the look that ends the run at {@code pairs} pairs: what the interim looks
   * before it left of the 5 %. An interim look due at the same count is replaced by this one.
   */
  public static double closingConfidenceAt(int pairs) {
    long interimBefore = Math.min(MOST_INTERIM_LOOKS, (pairs - 1) / LOOK_EVERY);
    return 1 - (FALSE_ALARM_RATE - interimBefore * (1 - INTERIM_CONFIDENCE));
  }

  /** "interim looks every 10 pairs at 99.7 %, the closing one at what is left; false alarms at most 5 %". */
  public static String describe() {
    return String.format(Locale.ROOT, "interim looks every %d pairs (at most %d) at %s, the closing look at what they"
        + " leave of %s; false alarms at most %s", LOOK_EVERY, MOST_INTERIM_LOOKS, Percent.of(INTERIM_CONFIDENCE),
        Percent.of(FALSE_ALARM_RATE), Percent.of(FALSE_ALARM_RATE));
  }
}
