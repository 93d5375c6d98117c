package dev.perflab.harness.experiment.replication;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;

/**
 * One scale of a replication experiment: its configurations, each launched once and loaded {@code runs}
 * times with sessions ({@code sessions}), the database emptied and {@code settleSeconds} of quiet between
 * runs, after {@code warmUpRuns} runs of the same sessions that are not recorded (a JVM at a slice of a CPU is
 * still compiling after a short warm-up: a warm-up as long as a run is what makes two runs comparable). A
 * configuration with a fault gets one more run, after its clean ones, with the fault.
 *
 * @param calibrationSeconds how long each of the work unit's calibration counts lasts
 * @param replica every replica's limits at this scale; left out: the file's ({@code replication.replica}). A smoke
 *     scale proves the path, not the figures, and its sets start in half the time at a larger slice
 */
public record ReplicationScale(List<Configuration> configurations, SessionLoad sessions, int runs, int settleSeconds,
    int warmUpRuns, int calibrationSeconds,
    @JacksonInject(StrictYaml.ABSENT + "replica") ReplicationSpec.ReplicaLimits replica) {

  public ReplicationScale {
    configurations = List.copyOf(required(configurations, "configurations"));
    required(sessions, "sessions");
    if (configurations.isEmpty()
        || configurations.stream().map(Configuration::name).distinct().count() < configurations.size()) {
      throw new IllegalArgumentException("'configurations' names at least one, each once: "
          + configurations.stream().map(Configuration::name).toList());
    }
    if (runs < 1 || runs > 20) {
      throw new IllegalArgumentException("'runs' must be between 1 and 20, got " + runs);
    }
    if (settleSeconds < 0 || warmUpRuns < 0 || warmUpRuns > 5 || calibrationSeconds < 1) {
      throw new IllegalArgumentException("'settleSeconds' must be 0 or more, 'warmUpRuns' between 0 and 5 and"
          + " 'calibrationSeconds' at least 1, got " + settleSeconds + ", " + warmUpRuns + " and "
          + calibrationSeconds);
    }
    for (Configuration configuration : configurations) {
      if (configuration.kill() != null && configuration.kill().atSeconds() >= sessions.injectionSeconds()) {
        throw new IllegalArgumentException("configuration '" + configuration.name() + "': 'kill.atSeconds' "
            + configuration.kill().atSeconds() + " is after the last arrival (" + sessions.injectionSeconds()
            + " s of injection)");
      }
    }
  }

  /**
   * The sessions of one run: arrivals a second from {@code fromRate} to {@code toRate} over {@code rampSeconds},
   * then {@code toRate} for {@code constantSeconds}; {@code pauseMillis} after each request; a request with no
   * answer within {@code requestTimeoutMillis} fails.
   */
  public record SessionLoad(double fromRate, double toRate, int rampSeconds, int constantSeconds, int pauseMillis,
      int requestTimeoutMillis) {

    public SessionLoad {
      if (!(fromRate > 0) || !(toRate > 0) || rampSeconds < 0 || constantSeconds < 0
          || rampSeconds + constantSeconds < 1) {
        throw new IllegalArgumentException("'sessions' needs rates above 0 and some seconds of arrivals, got from "
            + fromRate + " to " + toRate + " over " + rampSeconds + " s, then " + constantSeconds + " s");
      }
      if (pauseMillis < 0 || requestTimeoutMillis < 100) {
        throw new IllegalArgumentException("'sessions.pauseMillis' must be 0 or more and 'requestTimeoutMillis' at"
            + " least 100, got " + pauseMillis + " and " + requestTimeoutMillis);
      }
    }

    int injectionSeconds() {
      return rampSeconds + constantSeconds;
    }
  }
}
