package dev.perflab.harness.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The ratio B/A of the candidate's median to the baseline's, with a rank-based confidence interval
 * for it: the Hodges–Lehmann interval of the shift between log(B) and log(A), whose ends are order
 * statistics of the n<sub>A</sub>·n<sub>B</sub> pairwise log ratios chosen from the exact
 * Mann–Whitney distribution. A ratio of medians reads directly as a relative change (1.10 = B is
 * 10 % higher) and one stalled launch cannot move it.
 *
 * <p>Why ranks and not a bootstrap: a gate runs a handful of launches per side, and a percentile
 * bootstrap of medians is too narrow at 5 per side (it can only resample the values it saw); on this
 * machine it made 1 of 9 A/A comparisons say IMPROVEMENT. The rank interval assumes only that B is
 * A scaled by a factor (startup noise is multiplicative), and holds its confidence exactly at any
 * size: {@link #confidence} says which, since with few launches the ranks allow only certain levels
 * (3 + 3 give at most 90 %, 5 + 5 give 96.8 %). It is deterministic: the same samples, the same
 * interval.
 *
 * @param ratio median(B) / median(A)
 * @param lower the interval's lower end
 * @param upper the interval's upper end
 * @param confidence the interval's exact coverage (0.968 = 96.8 %), the highest at or below
 *     {@value #TARGET_CONFIDENCE} that the sample sizes allow, or the widest interval's if none
 */
public record RatioInterval(double ratio, double lower, double upper, double confidence) {

  /** Fewer than this gives a median but no interval worth having. */
  public static final int MIN_SAMPLES = 3;
  public static final double TARGET_CONFIDENCE = 0.95;
  /** Beyond this many samples on a side, the Mann–Whitney distribution is taken as normal. */
  private static final int EXACT_UP_TO = 40;

  public static RatioInterval of(List<Double> baseline, List<Double> candidate) {
    double[] a = checked("baseline (A)", baseline);
    double[] b = checked("candidate (B)", candidate);
    double[] logRatios = new double[a.length * b.length];
    int index = 0;
    for (double valueA : a) {
      for (double valueB : b) {
        logRatios[index++] = Math.log(valueB) - Math.log(valueA);
      }
    }
    Arrays.sort(logRatios);
    Rank rank = rank(a.length, b.length);
    return new RatioInterval(median(b) / median(a), Math.exp(logRatios[rank.k() - 1]),
        Math.exp(logRatios[logRatios.length - rank.k()]), rank.confidence());
  }

  /** A noiseless ratio (one exact value per side): the interval is the point. */
  public static RatioInterval exact(double ratio) {
    return new RatioInterval(ratio, ratio, ratio, 1);
  }

  /**
   * The order statistic k (1-based) whose pair [k, N + 1 − k] covers the shift with the highest
   * confidence at or below the target: the largest k with P(U ≤ k − 1) ≤ (1 − target) / 2, where U
   * is the Mann–Whitney statistic under no change; k = 1 (the whole range) if even that is too likely.
   */
  record Rank(int k, double confidence) {}

  static Rank rank(int m, int n) {
    double tail = (1 - TARGET_CONFIDENCE) / 2;
    if (m > EXACT_UP_TO || n > EXACT_UP_TO) {
      double mean = m * (double) n / 2;
      double sd = Math.sqrt(m * (double) n * (m + n + 1) / 12);
      double z = new NormalDistribution().inverseCumulativeProbability(1 - tail);
      int k = Math.max(1, (int) Math.floor(mean - z * sd));
      return new Rank(k, 1 - 2 * new NormalDistribution(mean, sd).cumulativeProbability(k - 0.5));
    }
    double[] cumulative = cumulativeMannWhitney(m, n);
    int k = 1;
    while (k < cumulative.length && cumulative[k] <= tail) {
      k++;
    }
    return new Rank(k, 1 - 2 * (k == 1 ? cumulative[0] : cumulative[k - 1]));
  }

  /**
   * P(U ≤ u) for u = 0 … m·n under no change, by counting the arrangements of m A's and n B's with
   * each U: count(i, j, u) = count(i − 1, j, u − j) + count(i, j − 1, u).
   */
  private static double[] cumulativeMannWhitney(int m, int n) {
    int maxU = m * n;
    double[][] previousRow = new double[n + 1][];
    for (int j = 0; j <= n; j++) {
      previousRow[j] = new double[maxU + 1];
      previousRow[j][0] = 1;
    }
    for (int i = 1; i <= m; i++) {
      double[][] row = new double[n + 1][];
      row[0] = new double[maxU + 1];
      row[0][0] = 1;
      for (int j = 1; j <= n; j++) {
        row[j] = new double[maxU + 1];
        for (int u = 0; u <= i * j; u++) {
          row[j][u] = (u >= j ? previousRow[j][u - j] : 0) + row[j - 1][u];
        }
      }
      previousRow = row;
    }
    return cumulativeShares(previousRow[n]);
  }

  /** From counts of a statistic's values 0, 1, 2, …: the share of all at or below each value. */
  static double[] cumulativeShares(double[] counts) {
    double total = Arrays.stream(counts).sum();
    double[] cumulative = new double[counts.length];
    double running = 0;
    for (int value = 0; value < counts.length; value++) {
      running += counts[value];
      cumulative[value] = running / total;
    }
    return cumulative;
  }

  /** The samples, sorted, once they are known to be positive and finite (a log ratio needs both). */
  private static double[] checked(String side, List<Double> samples) {
    if (samples.size() < MIN_SAMPLES) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "%s has %d sample(s); a ratio of medians needs at least %d per side", side, samples.size(), MIN_SAMPLES));
    }
    double[] values = samples.stream().mapToDouble(Double::doubleValue).toArray();
    for (int i = 0; i < values.length; i++) {
      if (!Double.isFinite(values[i])) {
        throw new IllegalArgumentException(side + " sample " + (i + 1) + " is " + values[i]);
      }
      if (values[i] <= 0) {
        throw new IllegalArgumentException(side + " has a sample of " + values[i]
            + "; compared metrics are positive quantities, and a ratio needs positive values");
      }
    }
    Arrays.sort(values);
    return values;
  }

  /** The midpoint of the middle two for an even count, as {@code Distribution}. */
  private static double median(double[] sorted) {
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
