package dev.perflab.harness.load;

import java.time.Duration;

/**
 * A continuous ramp of closed users: {@code startUsers} at once, then one more every
 * 1/{@code usersPerSecond} seconds up to {@code maxUsers}, each sending, waiting for its answer,
 * thinking {@code thinkTime} and sending again (users are added, never restarted). The ramp stops at
 * the first second whose sliding window of the last {@code windowSeconds} has a p95 above
 * {@code stopP95Millis} or an error ratio above {@code stopErrorRatio}, or after {@code maxDuration}.
 *
 * @param requestTimeout a request unanswered this long is an error (its connection is closed)
 */
public record RampModel(int startUsers, double usersPerSecond, int maxUsers, Duration thinkTime, int windowSeconds,
    double stopP95Millis, double stopErrorRatio, Duration maxDuration, Duration requestTimeout) {

  public RampModel {
    if (startUsers < 1 || maxUsers < startUsers) {
      throw new IllegalArgumentException("a ramp needs 1 <= startUsers <= maxUsers, got " + startUsers + " and "
          + maxUsers);
    }
    if (!(usersPerSecond > 0)) {
      throw new IllegalArgumentException("'usersPerSecond' must be above 0, got " + usersPerSecond);
    }
    if (thinkTime.isNegative() || windowSeconds < 1 || !(stopP95Millis > 0) || !(stopErrorRatio >= 0)
        || maxDuration.toSeconds() < windowSeconds || requestTimeout.isZero() || requestTimeout.isNegative()) {
      throw new IllegalArgumentException("a ramp needs a think time >= 0, a window of at least 1 s within its"
          + " longest duration, a p95 limit above 0, an error ratio >= 0 and a request timeout above 0");
    }
  }
}
