package dev.perflab.gatling;

import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simulations' settings: Java system properties named {@code perflab.<name>}. A missing
 * required value or a malformed one fails the simulation before any load is sent, with a message
 * that names the property, so a typo in the harness never turns into a run with a default.
 *
 * <p>Durations are written {@code <number>ms}, {@code <number>s} or {@code <number>m}
 * ({@code 500ms}, {@code 30s}, {@code 2m}).
 */
public final class Parameters {

  public static final String PREFIX = "perflab.";
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m)");

  private final Map<String, String> values;

  private Parameters(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** The {@code perflab.*} system properties of this JVM. */
  public static Parameters fromSystemProperties() {
    return of(System.getProperties());
  }

  static Parameters of(Properties properties) {
    Map<String, String> values = new HashMap<>();
    for (String key : properties.stringPropertyNames()) {
      if (key.startsWith(PREFIX)) {
        values.put(key.substring(PREFIX.length()), properties.getProperty(key));
      }
    }
    return new Parameters(values);
  }

  static Parameters of(Map<String, String> valuesWithoutPrefix) {
    return new Parameters(valuesWithoutPrefix);
  }

  public Optional<String> optionalString(String name) {
    return Optional.ofNullable(values.get(name)).map(String::strip).filter(v -> !v.isEmpty());
  }

  public String string(String name) {
    return optionalString(name).orElseThrow(() -> new IllegalArgumentException(
        "missing required system property " + PREFIX + name));
  }

  /** An absolute http(s) URL, without a trailing slash. */
  public String baseUrl(String name) {
    String value = string(name);
    URI uri;
    try {
      uri = URI.create(value);
    } catch (IllegalArgumentException e) {
      throw invalid(name, value, "an absolute http(s) URL");
    }
    if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
      throw invalid(name, value, "an absolute http(s) URL");
    }
    return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
  }

  public int positiveInt(String name, int defaultValue) {
    return optionalString(name).map(v -> parseInt(name, v, false)).orElse(defaultValue);
  }

  public int nonNegativeInt(String name, int defaultValue) {
    return optionalString(name).map(v -> parseInt(name, v, true)).orElse(defaultValue);
  }

  /** Required: no default stands in for a value the caller forgot. */
  public int nonNegativeInt(String name) {
    return parseInt(name, string(name), true);
  }

  /** Required: no default stands in for a value the caller forgot. */
  public double positiveDouble(String name) {
    string(name); // absent: the error names the property
    return optionalPositiveDouble(name).getAsDouble();
  }

  public double positiveDouble(String name, double defaultValue) {
    OptionalDouble value = optionalPositiveDouble(name);
    return value.isPresent() ? value.getAsDouble() : defaultValue;
  }

  public double nonNegativeDouble(String name, double defaultValue) {
    OptionalDouble value = optionalNonNegativeDouble(name);
    return value.isPresent() ? value.getAsDouble() : defaultValue;
  }

  public OptionalDouble optionalPositiveDouble(String name) {
    return optionalNonNegativeDouble(name, false);
  }

  /** Zero allowed: a threshold of 0 is meaningful (e.g. no failed request at all). */
  public OptionalDouble optionalNonNegativeDouble(String name) {
    return optionalNonNegativeDouble(name, true);
  }

  public Duration duration(String name, Duration defaultValue) {
    return optionalString(name).map(v -> parseDuration(name, v, false)).orElse(defaultValue);
  }

  public Duration nonNegativeDuration(String name, Duration defaultValue) {
    return optionalString(name).map(v -> parseDuration(name, v, true)).orElse(defaultValue);
  }

  private OptionalDouble optionalNonNegativeDouble(String name, boolean zeroAllowed) {
    Optional<String> text = optionalString(name);
    if (text.isEmpty()) {
      return OptionalDouble.empty();
    }
    String expected = zeroAllowed ? "a number >= 0" : "a number > 0";
    double value;
    try {
      value = Double.parseDouble(text.get());
    } catch (NumberFormatException e) {
      throw invalid(name, text.get(), expected);
    }
    if (!Double.isFinite(value) || value < 0 || (value == 0 && !zeroAllowed)) {
      throw invalid(name, text.get(), expected);
    }
    return OptionalDouble.of(value);
  }

  private static int parseInt(String name, String text, boolean zeroAllowed) {
    try {
      int value = Integer.parseInt(text);
      if (value > 0 || (value == 0 && zeroAllowed)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below, with the property's name
    }
    throw invalid(name, text, zeroAllowed ? "an integer >= 0" : "an integer > 0");
  }

  private static Duration parseDuration(String name, String text, boolean zeroAllowed) {
    Matcher matcher = DURATION.matcher(text);
    if (matcher.matches()) {
      long amount = Long.parseLong(matcher.group(1));
      Duration duration = switch (matcher.group(2)) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        default -> Duration.ofMinutes(amount);
      };
      if (zeroAllowed || !duration.isZero()) {
        return duration;
      }
    }
    throw invalid(name, text, (zeroAllowed ? "a duration" : "a positive duration") + " such as 500ms, 30s or 2m");
  }

  static IllegalArgumentException invalid(String name, String value, String expected) {
    return new IllegalArgumentException(
        "system property " + PREFIX + name + "='" + value + "' is not " + expected);
  }
}
