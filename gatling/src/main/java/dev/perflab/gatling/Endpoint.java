package dev.perflab.gatling;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The contract's endpoints, as the mix names them ({@code perflab.mix=hello:40,cpu:20,...}). */
public enum Endpoint {
  HELLO,
  CPU,
  SORT,
  USERS,
  STREAM,
  IO;

  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Endpoint ofKey(String key) {
    for (Endpoint endpoint : values()) {
      if (endpoint.key().equals(key)) {
        return endpoint;
      }
    }
    throw new IllegalArgumentException("unknown endpoint '" + key + "' (known: "
        + Arrays.stream(values()).map(Endpoint::key).collect(Collectors.joining(", ")) + ")");
  }
}
