package dev.perflab.harness.experiment.topology;

import java.util.List;

/**
 * One quantity of one variant along the mix, measured (the median of its repetitions at each mix) against
 * the model's prediction (made before the sweep from the same launch's demands), and how well they agree.
 *
 * @param quantity {@code responseMillis} (of a request type, or {@code all}) or {@code utilisation} (of a service)
 * @param subject the request type or the service
 * @param mixes the mixes, in order; the other lists hold one value per mix (null where none was measured)
 * @param noise the measurement's noise: the widest spread of its repetitions at one mix
 * @param repetitions the fewest repetitions measured at one of its mixes: with one, {@code noise} is 0 because it
 *     was not measured, and the findings read the series' interval as unknown
 * @param solver how the model was solved: {@code mva} (exact) or {@code simulation} (fork and join)
 * @param moves whether the prediction moves along the mix by more than {@code noise}: only then does a rank
 *     correlation say anything; a flat series is judged by its MAE
 * @param spearman the rank correlation of predicted and measured; null with fewer than three mixes or a
 *     constant series
 * @param meanAbsoluteError in the quantity's unit (utilisation as a ratio)
 * @param normalisedMeanAbsoluteError as the study normalised it: each series min-max scaled by its own range,
 *     then their MAE (how far the shapes differ, whatever the scale); null where either does not vary
 * @param pairsApart the pairs of mixes the prediction puts further apart than {@code noise}: those whose order the
 *     measurement can tell; null where nothing was compared
 * @param pairsInOrder of those, the pairs the measurement orders as the prediction does
 */
public record TopologySeries(String app, String variant, String quantity, String subject, List<Double> mixes,
    List<Double> measured, List<Double> predicted, double noise, int repetitions, String solver, boolean moves, Double spearman,
    Double meanAbsoluteError, Double normalisedMeanAbsoluteError, Integer pairsApart, Integer pairsInOrder) {

  public static final String RESPONSE = "responseMillis";
  public static final String UTILISATION = "utilisation";

  public TopologySeries {
    if (repetitions < 0) {
      throw new IllegalArgumentException("repetitions must be 0 or more, got " + repetitions);
    }
    mixes = List.copyOf(mixes);
    measured = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(measured));
    predicted = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(predicted));
  }

  /** Whether its noise was measured: two repetitions or more at every mix it has. */
  public boolean noiseMeasured() {
    return repetitions >= 2;
  }
}
