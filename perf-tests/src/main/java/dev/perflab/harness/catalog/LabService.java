package dev.perflab.harness.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What the lab runs beside a cell, for an app that calls it (catalog {@code apps[].uses}): a lab
 * starts only what some app of its catalog uses, and a cell's container is told only of those.
 */
public enum LabService {
  /** The lab's PostgreSQL, a fresh database per container ({@code DB_URL}, {@code DB_USER}, ...). */
  @JsonProperty("database") DATABASE,
  /** The downstream stub every contract app's {@code /io} calls ({@code DOWNSTREAM_URL}). */
  @JsonProperty("downstream") DOWNSTREAM
}
