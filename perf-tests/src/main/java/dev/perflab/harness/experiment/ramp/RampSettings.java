package dev.perflab.harness.experiment.ramp;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.load.RampModel;
import java.time.Duration;

/**
 * A scale's ramp as its file writes it ({@link RampModel} in plain numbers): the thesis's is users with
 * 0.5 s think time added until the p95 since the start passes 2 s or the errors since the start pass 1 %, after a
 * steady plateau.
 *
 * @param stopFromSeconds the stop rule is judged from the end of this second on
 * @param maxDurationSeconds the longest the ramp runs, the plateau not counted
 * @param plateauUsers the users held steady before the ramp goes on; left out with {@code plateauSeconds} for
 *     none (and then absent from a point's settings)
 * @param plateauSeconds how long they are held
 */
public record RampSettings(int startUsers, double usersPerSecond, int maxUsers, long thinkTimeMillis,
    int stopFromSeconds, double stopP95Millis, double stopErrorRatio, int maxDurationSeconds,
    long requestTimeoutMillis,
    @JacksonInject(StrictYaml.ABSENT + "plateauUsers") @JsonInclude(JsonInclude.Include.NON_NULL)
    Integer plateauUsers,
    @JacksonInject(StrictYaml.ABSENT + "plateauSeconds") @JsonInclude(JsonInclude.Include.NON_NULL)
    Integer plateauSeconds) {

  public RampSettings {
    if ((plateauUsers == null) != (plateauSeconds == null)) {
      throw new IllegalArgumentException("'plateauUsers' and 'plateauSeconds' go together: give both for a plateau"
          + " or neither; got " + (plateauUsers == null ? "'plateauSeconds'" : "'plateauUsers'") + " alone");
    }
    if (plateauUsers != null && (plateauUsers < 1 || plateauSeconds < 1)) {
      throw new IllegalArgumentException("a plateau needs at least 1 user for at least 1 s, got " + plateauUsers
          + " users for " + plateauSeconds + " s");
    }
    model(startUsers, usersPerSecond, maxUsers, thinkTimeMillis, stopFromSeconds, stopP95Millis, stopErrorRatio,
        maxDurationSeconds, requestTimeoutMillis, plateauUsers, plateauSeconds);
  }

  public RampModel model() {
    return model(startUsers, usersPerSecond, maxUsers, thinkTimeMillis, stopFromSeconds, stopP95Millis, stopErrorRatio,
        maxDurationSeconds, requestTimeoutMillis, plateauUsers, plateauSeconds);
  }

  private static RampModel model(int startUsers, double usersPerSecond, int maxUsers, long thinkTimeMillis,
      int stopFromSeconds, double stopP95Millis, double stopErrorRatio, int maxDurationSeconds,
      long requestTimeoutMillis, Integer plateauUsers, Integer plateauSeconds) {
    return new RampModel(startUsers, usersPerSecond, maxUsers, Duration.ofMillis(thinkTimeMillis), stopFromSeconds,
        stopP95Millis, stopErrorRatio, Duration.ofSeconds(maxDurationSeconds), Duration.ofMillis(requestTimeoutMillis),
        plateauUsers == null ? 0 : plateauUsers, Duration.ofSeconds(plateauSeconds == null ? 0 : plateauSeconds));
  }
}
