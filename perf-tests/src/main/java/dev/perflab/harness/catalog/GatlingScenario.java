package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.Map;

/**
 * One Gatling run of the load part (catalog {@code load.gatling}): its name (unique; budgets,
 * reports and tests use it), its simulation's simple class name in {@code dev.perflab.gatling},
 * the system properties it runs with without their {@code perflab.} prefix (rates, durations;
 * see each simulation's Javadoc), and whether budgets.yaml holds assertions for it. The base
 * URL, run id and thresholds are the harness's.
 */
public record GatlingScenario(String name, String simulation, Map<String, String> properties, boolean budgeted) {

  public GatlingScenario {
    required(name, "name");
    required(simulation, "simulation");
    properties = properties == null ? Map.of() : Map.copyOf(properties);
  }
}
