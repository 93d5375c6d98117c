package dev.perflab.gatling;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How often each endpoint is picked: integer weights, turned into the percentages Gatling's
 * {@code randomSwitch} takes. Endpoints with weight 0 are never sent (an app without v2's
 * {@code /users} and {@code /stream} can still be driven with {@code users:0,stream:0}).
 */
public record Mix(Map<Endpoint, Integer> weights) {

  /** The default: /hello 40 %, /cpu 20 %, /sort 10 %, users 20 %, /stream 5 %, /io 5 %. */
  public static final Mix DEFAULT = parse("hello:40,cpu:20,sort:10,users:20,stream:5,io:5");

  public Mix {
    Map<Endpoint, Integer> copy = new EnumMap<>(Endpoint.class);
    weights.forEach((endpoint, weight) -> {
      if (weight < 0) {
        throw new IllegalArgumentException("negative weight for " + endpoint.key());
      }
      if (weight > 0) {
        copy.put(endpoint, weight);
      }
    });
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("every weight is 0: nothing to send");
    }
    weights = Collections.unmodifiableMap(copy);
  }

  /** {@code endpoint:weight} pairs separated by commas; an endpoint left out gets weight 0. */
  public static Mix parse(String text) {
    Map<Endpoint, Integer> weights = new EnumMap<>(Endpoint.class);
    for (String pair : text.split(",")) {
      String[] parts = pair.strip().split(":", -1);
      if (parts.length != 2) {
        throw new IllegalArgumentException("'" + pair.strip() + "' is not endpoint:weight");
      }
      Endpoint endpoint = Endpoint.ofKey(parts[0].strip());
      int weight;
      try {
        weight = Integer.parseInt(parts[1].strip());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("weight '" + parts[1].strip() + "' of " + endpoint.key()
            + " is not an integer");
      }
      if (weights.put(endpoint, weight) != null) {
        throw new IllegalArgumentException(endpoint.key() + " is given twice");
      }
    }
    return new Mix(weights);
  }

  /** The mix from {@code perflab.mix}, or {@link #DEFAULT}; a bad value names the property. */
  public static Mix from(Parameters parameters) {
    return parameters.optionalString("mix").map(text -> {
      try {
        return parse(text);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "system property " + Parameters.PREFIX + "mix='" + text + "': " + e.getMessage(), e);
      }
    }).orElse(DEFAULT);
  }

  /** Each endpoint with a weight, as a share of 100 in endpoint order. */
  public Map<Endpoint, Double> percentages() {
    int total = weights.values().stream().mapToInt(Integer::intValue).sum();
    Map<Endpoint, Double> percentages = new LinkedHashMap<>();
    weights.forEach((endpoint, weight) -> percentages.put(endpoint, 100.0 * weight / total));
    return percentages;
  }
}
