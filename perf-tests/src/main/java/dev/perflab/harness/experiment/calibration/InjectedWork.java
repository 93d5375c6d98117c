package dev.perflab.harness.experiment.calibration;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/** What a calibration series' side B does more than side A. */
public enum InjectedWork {
  /** Nothing: both sides launch the catalog's image (A/A), so every verdict is a false alarm. */
  @JsonProperty("none") NONE,
  /**
   * Classes: both sides carry the class-loading agent, B's loads that share of the base image's classes more
   * (measured at the first OK), so the counters of class loading grow by exactly the size, and the time by what it
   * costs.
   */
  @JsonProperty("classes") CLASSES,
  /** CPU: B carries the CPU-work agent (the gate's injected regression), that share of the median first OK. */
  @JsonProperty("cpu") CPU;

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }
}
