package dev.perflab.workload;

import java.util.List;

/**
 * Parses integer query parameters from their raw text. Apps pass every value the request gave
 * for the parameter, as their framework decoded it (empty or null when absent), rather than
 * binding an int, because each framework words its own binding errors and treats a repeated
 * parameter its own way (the first value, the last, or all joined by commas).
 */
public final class QueryParameters {

  private QueryParameters() {}

  public static int boundedInt(String name, List<String> values, int min, int max) {
    if (values != null && values.size() > 1) {
      throw new BadRequestException(
          "query parameter '" + name + "' must be given once, got " + values.size() + " values");
    }
    String raw = values == null || values.isEmpty() ? null : values.getFirst();
    if (raw == null || raw.isBlank()) {
      throw new BadRequestException("missing query parameter '" + name + "'");
    }
    final long value;
    try {
      value = Long.parseLong(raw.strip());
    } catch (NumberFormatException e) {
      throw new BadRequestException(
          "query parameter '" + name + "' must be an integer, got '" + raw + "'");
    }
    if (value < min || value > max) {
      throw new BadRequestException(
          "query parameter '" + name + "' must be between " + min + " and " + max + ", got " + value);
    }
    return (int) value;
  }
}
