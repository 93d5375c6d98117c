package dev.perflab.harness.compare;

import java.util.List;
import java.util.Locale;

/**
 * A/A calibration of one metric: the same build measured as two sets, to learn how noisy the metric
 * is on this machine before trusting an A/B verdict on it. It gives the noise, the smallest change
 * the repetitions used could detect, and the repetitions per side needed to detect the threshold.
 * The A/A comparison itself should say NO_CHANGE; when it does not, something differs between the
 * two sets (drift, a warming cache, a noisy neighbour) that more repetitions will not fix.
 *
 * @param aa the second set (as B) against the first (as A)
 */
public record Calibration(Comparison aa) {

  public static Calibration of(ComparedMetric metric, List<Double> first, List<Double> second) {
    return of(metric, first, second, metric.defaultThreshold());
  }

  public static Calibration of(ComparedMetric metric, List<Double> first, List<Double> second, double threshold) {
    return new Calibration(Comparison.of(metric, first, second, threshold));
  }

  /**
   * One series split at its middle (the extra sample of an odd count goes to the second half), not
   * interleaved: drift over the series then shows as an A/A ratio away from 1 instead of as noise.
   */
  public static Calibration ofHalves(ComparedMetric metric, List<Double> samples) {
    if (samples.size() < 2 * RatioInterval.MIN_SAMPLES) {
      throw new IllegalArgumentException(String.format(Locale.ROOT,
          "an A/A calibration from halves needs at least %d samples, got %d",
          2 * RatioInterval.MIN_SAMPLES, samples.size()));
    }
    int middle = samples.size() / 2;
    return of(metric, samples.subList(0, middle), samples.subList(middle, samples.size()));
  }

  public ComparedMetric metric() {
    return aa.metric();
  }

  /** The two sets' noise, pooled. */
  public double coefficientOfVariation() {
    return aa.minimumDetectableEffect().coefficientOfVariation();
  }

  /** At the repetitions of the two sets. */
  public MinimumDetectableEffect minimumDetectableEffect() {
    return aa.minimumDetectableEffect();
  }

  /** To detect a change of the threshold at this noise. */
  public int recommendedRepetitionsPerSide() {
    return aa.recommendedRepetitionsPerSide();
  }

  /**
   * E.g. "time to first OK, A/A: noise CV 4.8 %, minimum detectable effect 7.6 % with 10 + 10
   * repetitions; 25 per side to detect 5 %; B/A 1.004 (96.8 % CI 0.981–1.030): NO_CHANGE".
   */
  public String describe() {
    RatioInterval ratio = aa.ratio();
    return String.format(Locale.ROOT,
        "%s, A/A: noise CV %s, minimum detectable effect %s with %d + %d repetitions; %d per side to detect %s;"
            + " B/A %.3f (%s CI %.3f–%.3f): %s",
        metric().label(), Percent.of(coefficientOfVariation()), Percent.of(minimumDetectableEffect().relativeChange()),
        aa.baseline().n(), aa.candidate().n(), recommendedRepetitionsPerSide(), Percent.of(aa.threshold()),
        ratio.ratio(), Percent.of(ratio.confidence()), ratio.lower(), ratio.upper(), aa.verdict());
  }
}
