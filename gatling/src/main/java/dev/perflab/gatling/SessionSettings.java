package dev.perflab.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;

import io.gatling.javaapi.core.OpenInjectionStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Sessions} run sends: new sessions per second rising linearly from {@code fromRate}
 * to {@code toRate} over {@code rampSeconds}, then {@code toRate} for {@code constantSeconds}
 * (either may be 0, not both); each session pausing {@code pauseMillis} after every request, each
 * request given up after {@code requestTimeoutMillis}; the heavy step sent to {@code submitPath}.
 * One definition for both sides: the harness builds it and passes it on as {@link #properties()};
 * the simulation reads it back {@link #from(Parameters)}, so the names cannot drift apart.
 *
 * <p>Durations are whole seconds because Gatling counts them so: it injects a ramp and a constant
 * rate over {@code duration.toSeconds()}, dropping any fraction.
 */
public record SessionSettings(double fromRate, double toRate, int rampSeconds, int constantSeconds, int pauseMillis,
    int requestTimeoutMillis, String submitPath) {

  public static final double DEFAULT_FROM_RATE = 1;
  public static final int DEFAULT_PAUSE_MILLIS = 5_000;
  public static final int DEFAULT_REQUEST_TIMEOUT_MILLIS = 60_000;
  public static final String DEFAULT_SUBMIT_PATH = "/node/submit";
  /** OK latencies are kept in a histogram up to 60 s, and none can outlast the timeout. */
  public static final int MAX_REQUEST_TIMEOUT_MILLIS = 60_000;
  /** Twice {@link KoCause#TIMEOUT_MARGIN}: a shorter timeout could not be told from a refused connection. */
  public static final int MIN_REQUEST_TIMEOUT_MILLIS = 200;

  static final String FROM_RATE = "fromRate";
  static final String TO_RATE = "toRate";
  static final String RAMP_SECONDS = "rampSeconds";
  static final String CONSTANT_SECONDS = "constantSeconds";
  static final String PAUSE_MILLIS = "pauseMillis";
  static final String REQUEST_TIMEOUT_MILLIS = "requestTimeoutMillis";
  static final String SUBMIT_PATH = "submitPath";

  public SessionSettings {
    require(Double.isFinite(fromRate) && fromRate >= 0, "fromRate must be >= 0 sessions/s, got " + fromRate);
    require(Double.isFinite(toRate) && toRate > 0, "toRate must be > 0 sessions/s, got " + toRate);
    require(rampSeconds >= 0 && constantSeconds >= 0 && rampSeconds + constantSeconds > 0,
        "rampSeconds and constantSeconds must be >= 0 and not both 0, got " + rampSeconds + " and " + constantSeconds);
    require(pauseMillis >= 0, "pauseMillis must be >= 0, got " + pauseMillis);
    require(requestTimeoutMillis >= MIN_REQUEST_TIMEOUT_MILLIS && requestTimeoutMillis <= MAX_REQUEST_TIMEOUT_MILLIS,
        "requestTimeoutMillis must be between " + MIN_REQUEST_TIMEOUT_MILLIS + " and " + MAX_REQUEST_TIMEOUT_MILLIS
            + " (OK latencies are recorded up to 60 s; a timeout is told from a refused connection by its "
            + KoCause.TIMEOUT_MARGIN.toMillis() + " ms margin), got " + requestTimeoutMillis);
    require(submitPath != null && submitPath.startsWith("/") && !submitPath.isBlank() && !submitPath.contains(" "),
        "submitPath must be a path starting with '/', e.g. " + DEFAULT_SUBMIT_PATH + ", got '" + submitPath + "'");
    long planned = plannedSessions(fromRate, toRate, rampSeconds, constantSeconds);
    require(planned > 0, "fromRate " + fromRate + ", toRate " + toRate + " over rampSeconds " + rampSeconds
        + " then constantSeconds " + constantSeconds + " plan no session (Gatling injects"
        + " floor((fromRate + toRate) / 2 x rampSeconds) + round(toRate x constantSeconds)):"
        + " raise a rate or a duration");
  }

  /** {@code perflab.toRate}, {@code perflab.rampSeconds} and {@code perflab.constantSeconds} are required. */
  public static SessionSettings from(Parameters parameters) {
    return new SessionSettings(parameters.nonNegativeDouble(FROM_RATE, DEFAULT_FROM_RATE),
        parameters.positiveDouble(TO_RATE), parameters.nonNegativeInt(RAMP_SECONDS),
        parameters.nonNegativeInt(CONSTANT_SECONDS), parameters.nonNegativeInt(PAUSE_MILLIS, DEFAULT_PAUSE_MILLIS),
        parameters.positiveInt(REQUEST_TIMEOUT_MILLIS, DEFAULT_REQUEST_TIMEOUT_MILLIS),
        parameters.optionalString(SUBMIT_PATH).orElse(DEFAULT_SUBMIT_PATH));
  }

  /** The system properties of the forked simulation ({@code perflab.} and the name): every value, defaults too. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(Parameters.PREFIX + FROM_RATE, Double.toString(fromRate));
    properties.put(Parameters.PREFIX + TO_RATE, Double.toString(toRate));
    properties.put(Parameters.PREFIX + RAMP_SECONDS, Integer.toString(rampSeconds));
    properties.put(Parameters.PREFIX + CONSTANT_SECONDS, Integer.toString(constantSeconds));
    properties.put(Parameters.PREFIX + PAUSE_MILLIS, Integer.toString(pauseMillis));
    properties.put(Parameters.PREFIX + REQUEST_TIMEOUT_MILLIS, Integer.toString(requestTimeoutMillis));
    properties.put(Parameters.PREFIX + SUBMIT_PATH, submitPath);
    return properties;
  }

  /** The ramp, then the constant rate; a part of 0 s is left out (Gatling refuses a rate over no time). */
  public List<OpenInjectionStep> injection() {
    return injection(fromRate, toRate, rampSeconds, constantSeconds);
  }

  /**
   * How many sessions Gatling 3.15 injects for {@link #injection()}, as Gatling itself counts them
   * (each step's {@code users()}, the length of the schedule its injector walks through):
   * {@code floor((fromRate + toRate) / 2 x rampSeconds)} for the ramp (truncated), then
   * {@code round(toRate x constantSeconds)} for the constant rate (rounded half up).
   */
  public long plannedSessions() {
    return plannedSessions(fromRate, toRate, rampSeconds, constantSeconds);
  }

  public Duration requestTimeout() {
    return Duration.ofMillis(requestTimeoutMillis);
  }

  public Duration pause() {
    return Duration.ofMillis(pauseMillis);
  }

  /** From the first arrival to the last (the last session's requests and pauses come after it). */
  public Duration injectionDuration() {
    return Duration.ofSeconds((long) rampSeconds + constantSeconds);
  }

  /** The longest a session can last: every request timing out, preflights included, and the five pauses. */
  public Duration longestSession() {
    return requestTimeout().multipliedBy(SessionStep.values().length)
        .plus(pause().multipliedBy(SessionStep.pausedRequests()));
  }

  private static List<OpenInjectionStep> injection(double fromRate, double toRate, int rampSeconds,
      int constantSeconds) {
    List<OpenInjectionStep> steps = new ArrayList<>();
    if (rampSeconds > 0) {
      steps.add(rampUsersPerSec(fromRate).to(toRate).during(Duration.ofSeconds(rampSeconds)));
    }
    if (constantSeconds > 0) {
      steps.add(constantUsersPerSec(toRate).during(Duration.ofSeconds(constantSeconds)));
    }
    return steps;
  }

  private static long plannedSessions(double fromRate, double toRate, int rampSeconds, int constantSeconds) {
    return injection(fromRate, toRate, rampSeconds, constantSeconds).stream()
        .mapToLong(step -> step.asScala().users()).sum();
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException("session settings: " + message);
    }
  }
}
