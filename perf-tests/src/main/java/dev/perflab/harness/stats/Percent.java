package dev.perflab.harness.stats;

import java.util.Locale;

/** Fractions as a reader writes them: "5 %" for a round threshold, "7.9 %" otherwise. */
public final class Percent {

  private Percent() {}

  public static String of(double fraction) {
    double percent = fraction * 100;
    boolean whole = Math.abs(percent - Math.rint(percent)) < 1e-9;
    return String.format(Locale.ROOT, whole ? "%.0f %%" : "%.1f %%", percent);
  }
}
