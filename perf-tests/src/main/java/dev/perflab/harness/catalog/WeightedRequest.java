package dev.perflab.harness.catalog;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * One entry of a request mix: a request and its share of the picks.
 *
 * @param weight picks of this request per {@code weight}-sum of the mix's picks; 0 keeps a request in the mix
 *     without sending it (a request type's share at one end of a mix axis)
 */
public record WeightedRequest(int weight, RequestSpec request) {

  public WeightedRequest {
    if (weight < 0) {
      throw new IllegalArgumentException("'weight' must be a whole number of at least 0, got " + weight);
    }
    required(request, "request");
  }
}
