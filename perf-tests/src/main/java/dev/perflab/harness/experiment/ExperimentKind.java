package dev.perflab.harness.experiment;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What an experiment file describes, by its {@code kind:}. A new kind (topologies, replicas behind a
 * load balancer, autoscaling, ...) is one entry here, its block in {@link ExperimentFile} and the
 * class that runs it.
 */
public enum ExperimentKind {
  /** CPU limit x memory limit x app x mode, a fresh container and a load staircase at each point. */
  LIMITS_GRID("limits-grid");

  private final String key;

  ExperimentKind(String key) {
    this.key = key;
  }

  /** As the file writes it. */
  @JsonValue
  public String key() {
    return key;
  }
}
