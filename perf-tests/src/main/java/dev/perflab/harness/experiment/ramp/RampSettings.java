package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.load.RampModel;
import java.time.Duration;

/**
 * A scale's ramp as its file writes it ({@link RampModel} in plain numbers): the thesis's is users with
 * 0.5 s think time added until p95 passes 2 s or errors pass 1 %.
 */
public record RampSettings(int startUsers, double usersPerSecond, int maxUsers, long thinkTimeMillis,
    int windowSeconds, double stopP95Millis, double stopErrorRatio, int maxDurationSeconds,
    long requestTimeoutMillis) {

  public RampSettings {
    model(startUsers, usersPerSecond, maxUsers, thinkTimeMillis, windowSeconds, stopP95Millis, stopErrorRatio,
        maxDurationSeconds, requestTimeoutMillis);
  }

  public RampModel model() {
    return model(startUsers, usersPerSecond, maxUsers, thinkTimeMillis, windowSeconds, stopP95Millis, stopErrorRatio,
        maxDurationSeconds, requestTimeoutMillis);
  }

  private static RampModel model(int startUsers, double usersPerSecond, int maxUsers, long thinkTimeMillis,
      int windowSeconds, double stopP95Millis, double stopErrorRatio, int maxDurationSeconds,
      long requestTimeoutMillis) {
    return new RampModel(startUsers, usersPerSecond, maxUsers, Duration.ofMillis(thinkTimeMillis), windowSeconds,
        stopP95Millis, stopErrorRatio, Duration.ofSeconds(maxDurationSeconds), Duration.ofMillis(requestTimeoutMillis));
  }
}
