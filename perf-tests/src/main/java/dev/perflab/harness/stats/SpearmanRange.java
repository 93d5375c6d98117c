package dev.perflab.harness.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.ranking.NaturalRanking;

/**
 * The lowest and highest Spearman rank correlation a measured series could have with a predicted one, given
 * how finely it was measured: two measured points closer than the noise may stand in either order, two
 * further apart stand in the order measured. Those orders are the linear extensions of a semiorder; the
 * rank correlation with a fixed predicted ranking is linear in Σ rank × predicted rank, so its extremes are
 * found exactly by a walk over the subsets of points ranked so far (2<sup>n</sup> · n steps: a dozen mixes
 * in milliseconds). The predicted ranks are averaged over ties, as Spearman's r takes them.
 *
 * @param lower the lowest r over the orders the noise allows
 * @param upper the highest
 */
public record SpearmanRange(double lower, double upper) {

  /** 2^20 subsets: a sweep of more points than this is refused rather than walked. */
  public static final int MAX_POINTS = 20;

  /**
   * @param noise two measured values at most this far apart may be in either order
   * @throws IllegalArgumentException for series of different lengths, fewer than 2 or more than
   *     {@value #MAX_POINTS} points, or a predicted series without two different values (no ranks)
   */
  public static SpearmanRange of(double[] predicted, double[] measured, double noise) {
    int n = predicted.length;
    if (n != measured.length || n < 2 || n > MAX_POINTS) {
      throw new IllegalArgumentException("a Spearman range needs two series of the same length, 2 to " + MAX_POINTS
          + " points; got " + n + " and " + measured.length);
    }
    if (!(noise >= 0)) {
      throw new IllegalArgumentException("the noise must be 0 or more, got " + noise);
    }
    double[] ranks = new NaturalRanking().rank(predicted);
    double meanRank = (n + 1) / 2.0;
    double spread = 0;
    for (double rank : ranks) {
      spread += (rank - meanRank) * (rank - meanRank);
    }
    if (spread == 0) {
      throw new IllegalArgumentException("the predicted series has one value only: it has no ranks to correlate");
    }
    // below[e]: the points that must rank below e, measured lower than it by more than the noise.
    int[] below = new int[n];
    for (int e = 0; e < n; e++) {
      for (int other = 0; other < n; other++) {
        if (measured[e] - measured[other] > noise) {
          below[e] |= 1 << other;
        }
      }
    }
    double[] most = new double[1 << n];
    double[] least = new double[1 << n];
    Arrays.fill(most, Double.NEGATIVE_INFINITY);
    Arrays.fill(least, Double.POSITIVE_INFINITY);
    most[0] = 0;
    least[0] = 0;
    for (int placed = 0; placed < 1 << n; placed++) {
      if (most[placed] == Double.NEGATIVE_INFINITY) {
        continue;
      }
      int position = Integer.bitCount(placed) + 1;
      for (int e = 0; e < n; e++) {
        if ((placed & 1 << e) == 0 && (below[e] & ~placed) == 0) {
          int next = placed | 1 << e;
          most[next] = Math.max(most[next], most[placed] + position * ranks[e]);
          least[next] = Math.min(least[next], least[placed] + position * ranks[e]);
        }
      }
    }
    // Σ (x − x̄)(y − ȳ) = Σ x·y − n·x̄·ȳ, with x the positions 1..n (their spread the same as y's untied).
    double positionSpread = n * ((double) n * n - 1) / 12;
    double centre = n * meanRank * meanRank;
    double scale = Math.sqrt(positionSpread * spread);
    int all = (1 << n) - 1;
    return new SpearmanRange((least[all] - centre) / scale, (most[all] - centre) / scale);
  }
}
