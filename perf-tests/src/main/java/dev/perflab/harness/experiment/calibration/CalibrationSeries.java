package dev.perflab.harness.experiment.calibration;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.stats.PairedRatio;
import java.util.Locale;

/**
 * One series of comparisons: what B does more than A, by how much, how many comparisons, and the gate's own
 * bounds for each (its most pairs and minutes; it stops sooner once every judged metric is decided).
 *
 * @param size the injected share (0.03 = 3 %); 0 for {@code none}
 */
public record CalibrationSeries(InjectedWork injected, double size, int comparisons, int mostPairs,
    int minutesPerComparison) {

  public CalibrationSeries {
    required(injected, "injected");
    if (injected == InjectedWork.NONE ? size != 0 : !(size > 0 && size < 1)) {
      throw new IllegalArgumentException("'size' of a '" + injected.key() + "' series must be "
          + (injected == InjectedWork.NONE ? "0 (A/A injects nothing)" : "a share between 0 and 1 (0.03 = 3 %)")
          + ", got " + size);
    }
    if (comparisons < 1 || mostPairs < PairedRatio.MIN_PAIRS || minutesPerComparison < 1) {
      throw new IllegalArgumentException("a series needs 'comparisons' of at least 1, 'mostPairs' of at least "
          + PairedRatio.MIN_PAIRS + " and 'minutesPerComparison' of at least 1; got " + comparisons + ", " + mostPairs
          + " and " + minutesPerComparison);
    }
  }

  /** "aa", "classes-3%", "cpu-5%": how points, rows and tables name it. */
  public String name() {
    return injected == InjectedWork.NONE ? "aa"
        : injected.key() + "-" + String.format(Locale.ROOT, "%s%%", trim(size * 100));
  }

  private static String trim(double percent) {
    return percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent);
  }
}
