package dev.perflab.harness.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * B/A from launches taken in pairs, one of each side next to each other in time: the Hodges–Lehmann
 * estimate of the pairs' log ratios (the median of their Walsh averages) with its exact Wilcoxon
 * signed-rank interval, whose ends are two of the n(n+1)/2 Walsh averages.
 *
 * <p>Why pairs: what drifts on the machine over minutes (a neighbour, the host's clock speed, a
 * warming page cache) moves both launches of a pair alike, so it leaves their ratio and never
 * reaches the comparison's noise; an unpaired interval counts it twice. Why this interval: with the
 * order inside each pair drawn at random, a pair's log ratio is as likely to be d as −d when nothing
 * changed, whatever the drift, so the interval holds its confidence exactly at any number of pairs
 * ({@link RatioInterval#confidence()} says which level the ranks allow, at or above the one asked
 * for). It is deterministic: the same pairs, the same interval.
 */
public final class PairedRatio {

  /** Fewer pairs than this give no interval worth having (3 pairs: at most 75 %). */
  public static final int MIN_PAIRS = 3;
  /** Beyond this many pairs the signed-rank distribution's counts outgrow a double's exact range. */
  private static final int MAX_PAIRS = 1_000;

  private PairedRatio() {}

  /**
   * The ratio and an interval covering it with at least {@code confidence}, or the widest the pairs
   * allow (all Walsh averages) when even that is less.
   *
   * @param a side A's values, in launch order
   * @param b side B's values, in launch order: {@code b[i]} was launched next to {@code a[i]}
   */
  public static RatioInterval of(List<Double> a, List<Double> b, double confidence) {
    if (a.size() != b.size()) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "paired samples need one B per A, got %d A and %d B", a.size(), b.size()));
    }
    if (a.size() < MIN_PAIRS || a.size() > MAX_PAIRS) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "a paired ratio needs %d to %d pairs, got %d", MIN_PAIRS, MAX_PAIRS, a.size()));
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("a confidence is a fraction between 0 and 1, got " + confidence);
    }
    double[] logRatios = new double[a.size()];
    for (int i = 0; i < logRatios.length; i++) {
      logRatios[i] = Math.log(positive("candidate (B)", i, b.get(i))) - Math.log(positive("baseline (A)", i, a.get(i)));
    }
    double[] walsh = walshAverages(logRatios);
    Rank rank = rank(logRatios.length, confidence);
    return new RatioInterval(Math.exp(median(walsh)), Math.exp(walsh[rank.k() - 1]),
        Math.exp(walsh[walsh.length - rank.k()]), rank.confidence());
  }

  /** Every (d<sub>i</sub> + d<sub>j</sub>) / 2 for i ≤ j, sorted. */
  private static double[] walshAverages(double[] d) {
    double[] walsh = new double[d.length * (d.length + 1) / 2];
    int index = 0;
    for (int i = 0; i < d.length; i++) {
      for (int j = i; j < d.length; j++) {
        walsh[index++] = (d[i] + d[j]) / 2;
      }
    }
    Arrays.sort(walsh);
    return walsh;
  }

  /** The order statistic k (1-based) of the Walsh averages whose pair [k, M + 1 − k] covers with this confidence. */
  record Rank(int k, double confidence) {}

  /**
   * The largest k with P(T ≤ k − 1) ≤ (1 − confidence) / 2, where T is the signed-rank statistic of n
   * pairs under no change; k = 1 (every Walsh average) when even that is too likely.
   */
  static Rank rank(int n, double confidence) {
    double[] cumulative = cumulativeSignedRank(n);
    double tail = (1 - confidence) / 2;
    int k = 1;
    while (k < cumulative.length && cumulative[k] <= tail) {
      k++;
    }
    return new Rank(k, 1 - 2 * cumulative[k - 1]);
  }

  /**
   * P(T ≤ t) for t = 0 … n(n+1)/2: T sums the ranks 1 … n each taken with probability ½, so its counts
   * are those of the subsets of {1 … n} by their sum, built one rank at a time.
   */
  static double[] cumulativeSignedRank(int n) {
    int max = n * (n + 1) / 2;
    double[] counts = new double[max + 1];
    counts[0] = 1;
    for (int rank = 1; rank <= n; rank++) {
      for (int t = rank * (rank + 1) / 2; t >= rank; t--) {
        counts[t] += counts[t - rank];
      }
    }
    return RatioInterval.cumulativeShares(counts);
  }

  private static double positive(String side, int index, double value) {
    if (!(value > 0 && Double.isFinite(value))) {
      throw new IllegalArgumentException(side + " sample " + (index + 1) + " is " + value
          + "; compared metrics are positive quantities, and a ratio needs positive values");
    }
    return value;
  }

  private static double median(double[] sorted) {
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
