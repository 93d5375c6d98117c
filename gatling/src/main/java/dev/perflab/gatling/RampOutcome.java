package dev.perflab.gatling;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public boolean stopped() {
    return !COMPLETED.equals(reason);
  }

  public Path write(Path directory) {
    try {
      Files.createDirectories(directory);
      Path file = directory.resolve(FILE_NAME);
      JSON.writeValue(file.toFile(), this);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + directory.resolve(FILE_NAME), e);
    }
  }

  public static RampOutcome read(Path directory) {
    try {
      return JSON.readValue(directory.resolve(FILE_NAME).toFile(), RampOutcome.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + directory.resolve(FILE_NAME), e);
    }
  }
}
