package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The one request a load run repeats, and what a correct answer is: the status, and a piece of
 * text the body must contain (so a fast error page never counts as a served request).
 */
public record RequestSpec(String method, String path, String contentType, String body, int expectedStatus,
    String expectedBodyContains) {

  public RequestSpec {
    required(method, "method");
    required(path, "path");
    required(expectedBodyContains, "expectedBodyContains");
  }

  @Override
  public String toString() {
    return method + " " + path;
  }
}
