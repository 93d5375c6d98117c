package dev.perflab.harness.experiment.coldstart;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a cold start's image comes from. */
public enum ImageSource {
  /** Already on the engine: zero to one is create, start and the app's own startup. */
  @JsonProperty("cached") CACHED,
  /**
   * Pulled from the local registry first, no layer of it on the engine before the pull (every image
   * sharing one taken away): the pull's time and bytes are part of zero to one.
   */
  @JsonProperty("pulled") PULLED;

  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
