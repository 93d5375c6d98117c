package dev.perflab.harness.experiment.coldstart;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Whether a cold start's app is given its database: with one, it opens its pool and runs its migration
 * before its first OK; without, it starts without either (its user endpoints answer 503).
 */
public enum DatabaseUse {
  @JsonProperty("with") WITH,
  @JsonProperty("without") WITHOUT;

  public String key() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
