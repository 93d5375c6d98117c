package dev.perflab.harness.model;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;

/**
 * How well a predicted series (a model's figure at each point of a sweep) follows a measured one.
 *
 * <ul>
 *   <li>{@code spearman}: the rank correlation, 1 when both rise and fall together whatever their
 *       scale; NaN when either series is constant (no ranks to correlate) or has fewer than 2 points.
 *   <li>{@code meanAbsoluteError}: in the series' own unit.
 *   <li>{@code normalisedMeanAbsoluteError}: the mean absolute error over the measured series' range
 *       (max − min), so 0.1 is an error of a tenth of how far the measurement moved. NaN when the
 *       measured series does not move at all (range 0): an error cannot be put on that scale.
 *   <li>{@code shapeMeanAbsoluteError}: each series min-max scaled to [0, 1] by its own range, then
 *       their mean absolute error: how far the shapes differ, whatever the offset and scale (the
 *       "normalised MAE" of Meijer et al., 2024, there × 100 as a percentage). NaN when either series
 *       is constant.
 *   <li>{@code predictedRange}, {@code measuredRange}: max − min of each.
 *   <li>{@code noise}: the smallest change the measurement can tell from noise, as given (e.g. the
 *       half-width of a point's confidence interval, or of a difference's).
 *   <li>{@code predictedMovesBeyondNoise}: whether the prediction's own range exceeds the noise, i.e.
 *       whether the measurement could see the movement the model predicts at all. When it is false, a
 *       flat measurement agrees with the model and a low correlation says nothing against it.
 *   <li>{@code pairsApart}: the pairs of points the prediction puts further apart than the noise, the
 *       pairs whose order the measurement can tell; {@code pairsInOrder}: of those, the ones the
 *       measurement orders as the prediction does. A series can move beyond the noise as a whole and still
 *       hold points the model puts within it of each other (a plateau: a service at 0.97 to 1.00 of its
 *       quota), whose ranks are a toss; these two say whether a low Spearman r comes from those or from
 *       the pairs the measurement could order.
 * </ul>
 */
public record SeriesComparison(int points, double spearman, double meanAbsoluteError, double normalisedMeanAbsoluteError,
    double shapeMeanAbsoluteError, double predictedRange, double measuredRange, double noise,
    boolean predictedMovesBeyondNoise, int pairsApart, int pairsInOrder) {

  public static SeriesComparison of(List<Double> predicted, List<Double> measured, double noise) {
    return of(unboxed(predicted), unboxed(measured), noise);
  }

  public static SeriesComparison of(double[] predicted, double[] measured, double noise) {
    if (predicted.length != measured.length) {
      throw new IllegalArgumentException("the predicted series has " + predicted.length + " points, the measured "
          + measured.length);
    }
    if (predicted.length == 0) {
      throw new IllegalArgumentException("a comparison needs at least one point");
    }
    for (int i = 0; i < predicted.length; i++) {
      if (!Double.isFinite(predicted[i]) || !Double.isFinite(measured[i])) {
        throw new IllegalArgumentException("point " + i + " is not a finite number: predicted " + predicted[i]
            + ", measured " + measured[i]);
      }
    }
    if (!(noise >= 0) || Double.isInfinite(noise)) {
      throw new IllegalArgumentException("the noise must be a finite 0 or more, not " + noise);
    }
    double predictedRange = range(predicted);
    double measuredRange = range(measured);
    double mae = meanAbsoluteError(predicted, measured);
    double spearman = predicted.length < 2 || predictedRange == 0 || measuredRange == 0
        ? Double.NaN
        : new SpearmansCorrelation().correlation(predicted, measured);
    double shape = predictedRange == 0 || measuredRange == 0
        ? Double.NaN
        : meanAbsoluteError(scaled(predicted, predictedRange), scaled(measured, measuredRange));
    int pairsApart = 0;
    int pairsInOrder = 0;
    for (int i = 0; i < predicted.length; i++) {
      for (int j = i + 1; j < predicted.length; j++) {
        if (Math.abs(predicted[i] - predicted[j]) > noise) {
          pairsApart++;
          pairsInOrder += Math.signum(measured[i] - measured[j]) == Math.signum(predicted[i] - predicted[j]) ? 1 : 0;
        }
      }
    }
    return new SeriesComparison(predicted.length, spearman, mae, measuredRange == 0 ? Double.NaN : mae / measuredRange,
        shape, predictedRange, measuredRange, noise, predictedRange > noise, pairsApart, pairsInOrder);
  }

  private static double[] unboxed(List<Double> series) {
    return series.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static double range(double[] series) {
    return Arrays.stream(series).max().orElseThrow() - Arrays.stream(series).min().orElseThrow();
  }

  private static double meanAbsoluteError(double[] predicted, double[] measured) {
    double sum = 0;
    for (int i = 0; i < predicted.length; i++) {
      sum += Math.abs(predicted[i] - measured[i]);
    }
    return sum / predicted.length;
  }

  private static double[] scaled(double[] series, double range) {
    double min = Arrays.stream(series).min().orElseThrow();
    return Arrays.stream(series).map(value -> (value - min) / range).toArray();
  }
}
