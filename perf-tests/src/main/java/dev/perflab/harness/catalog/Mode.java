package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/** How an app is built and run (JVM now; AOT and native join as catalog entries). */
public record Mode(String name, String description) {

  public Mode {
    required(name, "name");
    required(description, "description");
  }
}
