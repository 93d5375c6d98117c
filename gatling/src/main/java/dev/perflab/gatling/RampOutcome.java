package dev.perflab.gatling;

import java.nio.file.Path;

/**
 * How a {@link Ramp} run ended, written as {@value #FILE_NAME}: {@code reason} is {@code p95} or
 * {@code errors} (the stop condition held) or {@code completed} (every level ran);
 * {@code ratePerSecond} is the arrival rate offered at that moment and
 * {@code secondsSinceStart} the time since the first request. {@code window} is the recent
 * window the decision was made on, beside the limits it was judged against.
 */
public record RampOutcome(String reason, double ratePerSecond, double secondsSinceStart, WindowStats window,
    double p95LimitMillis, double errorPercentLimit) {

  public static final String FILE_NAME = "ramp-outcome.json";
  public static final String COMPLETED = "completed";


  public boolean stopped() {
    return !COMPLETED.equals(reason);
  }

  public Path write(Path directory) {
    return OutcomeFile.write(directory, FILE_NAME, this);
  }

  public static RampOutcome read(Path directory) {
    return OutcomeFile.read(directory, FILE_NAME, RampOutcome.class);
  }
}
