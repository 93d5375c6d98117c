package dev.perflab.harness.measure;

import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The startup time a framework reports about itself, read from its log with the catalog's
 * pattern (named group {@code seconds} or {@code millis}). Kept next to the harness's own
 * timings because frameworks start their clocks at different points.
 */
public final class StartupLog {

  private StartupLog() {}

  public static OptionalDouble reportedMillis(Pattern pattern, String log) {
    Matcher m = pattern.matcher(log);
    if (!m.find()) {
      return OptionalDouble.empty();
    }
    if (pattern.namedGroups().containsKey("millis")) {
      return OptionalDouble.of(Double.parseDouble(m.group("millis")));
    }
    if (pattern.namedGroups().containsKey("seconds")) {
      return OptionalDouble.of(Double.parseDouble(m.group("seconds")) * 1000);
    }
    throw new IllegalArgumentException(
        "startup log pattern '" + pattern + "' has neither a 'seconds' nor a 'millis' group");
  }
}
