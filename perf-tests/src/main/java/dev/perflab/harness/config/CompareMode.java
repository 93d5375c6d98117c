package dev.perflab.harness.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a comparison run compares ({@code -Dperflab.compare=...}). Without one, {@code -Pperf verify}
 * is the ordinary perf run against budgets.
 */
public enum CompareMode {
  /** Baseline images (or an earlier results.json) against candidate images, interleaved. */
  AB,
  /** The same images on both sides: the noise, the minimum detectable effect, the repetitions to use. */
  AA,
  /** One framework's app built at two versions, then A/B. */
  UPGRADE,
  /**
   * The candidate is a variant of the baseline image made deliberately slower to its first response
   * ({@code perflab.compare.slowdown}): proof that the gate catches a regression of that size.
   */
  INJECTED_REGRESSION;

  /** The setting's value, e.g. "injected-regression". */
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static CompareMode parse(String value) {
    String wanted = value.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(mode -> mode.key().equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no comparison '" + value + "'; comparisons are "
            + Arrays.stream(values()).map(CompareMode::key).collect(Collectors.joining(", "))));
  }
}
