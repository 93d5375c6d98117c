package dev.perflab.workload;

/**
 * Parses integer query parameters from their raw text. Apps pass the raw value (or null when
 * absent) rather than binding an int, because each framework words its own binding errors.
 */
public final class QueryParameters {

  private QueryParameters() {}

  public static int boundedInt(String name, String raw, int min, int max) {
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
