package dev.perflab.harness.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a comparison adds to explain its verdicts ({@code -Dperflab.compare.explain=...}) beyond the JVM's counters,
 * which every launch reads.
 */
public enum Explain {
  /** The counters' "what changed" table only. */
  NONE,
  /**
   * One more launch a side under a flight recording (JFR): the methods startup ran most and where it allocated, A
   * against B. Extra launches, never among the measured ones.
   */
  JFR;

  /** The setting's value, e.g. "jfr". */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Explain parse(String value) {
    String wanted = value.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(explain -> explain.key().equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("perflab.compare.explain = " + value + ": one of "
            + Arrays.stream(values()).map(Explain::key).collect(Collectors.joining(", "))));
  }
}
