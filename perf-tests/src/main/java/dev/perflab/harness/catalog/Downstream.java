package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/** The downstream stub every app's {@code /io} calls, reached on the lab network by alias. */
public record Downstream(String image, String alias, int port) {

  public Downstream {
    required(image, "image");
    required(alias, "alias");
  }

  public String url() {
    return "http://" + alias + ":" + port;
  }
}
