package dev.perflab.harness.measure;

import java.time.Duration;
import java.util.OptionalDouble;
import java.util.function.Supplier;
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

  /** How long a launch waits for the framework's startup line after its first OK. */
  public static final Duration LINE_WAIT = Duration.ofSeconds(5);

  /**
   * What the app logged as its startup time, its log read every {@code pollInterval} for up to {@link #LINE_WAIT}
   * after the first OK: the line may come a moment after (Quarkus logs it once its server already answers). A line
   * that never comes fails: the app's log format changed, and the figure would silently vanish.
   */
  public static double awaitReportedMillis(Pattern pattern, Supplier<String> log, Duration pollInterval)
      throws InterruptedException {
    long deadline = System.nanoTime() + LINE_WAIT.toNanos();
    while (true) {
      OptionalDouble reported = reportedMillis(pattern, log.get());
      if (reported.isPresent()) {
        return reported.getAsDouble();
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("no line matching the catalog's startupLogPattern '" + pattern + "' in the log "
            + LINE_WAIT.toSeconds() + " s after the first OK");
      }
      Thread.sleep(pollInterval);
    }
  }
}
