package dev.perflab.harness.load;

import java.time.Duration;

/**
 * A continuous ramp of closed users: {@code startUsers} at once, then one more every
 * 1/{@code usersPerSecond} seconds up to {@code maxUsers}, each sending, waiting for its answer,
 * thinking {@code thinkTime} and sending again (users are added, never restarted). With a plateau, the
 * ramp holds at {@code plateauUsers} for {@code plateau} before it adds the next user, as a load that
 * settles before it grows: the JVM compiles its hot code on the plateau, not on the way up.
 *
 * <p>The stop rule is cumulative, as a load tool's thresholds judge (k6's {@code abortOnFail} reads the
 * metric over every sample since the test began): the ramp stops at the first second, from
 * {@code stopFromSeconds} on, at which the p95 of every answer since the ramp's start is above
 * {@code stopP95Millis} (requests still waiting counted at their age), or the errors since the start over
 * the requests ended since the start are above {@code stopErrorRatio}; the plateau's seconds count like any
 * other. It also stops once {@code maxDuration} of ramping has passed, the plateau not counted.
 *
 * @param stopFromSeconds the rule is judged from the end of this second on (k6's {@code delayAbortEval}): the
 *     first seconds are a cold JVM's first few requests, too few to judge
 * @param plateauUsers the users the plateau holds; 0 for none
 * @param plateau how long it holds them; zero for none
 * @param requestTimeout a request unanswered this long is an error (its connection is closed)
 */
public record RampModel(int startUsers, double usersPerSecond, int maxUsers, Duration thinkTime, int stopFromSeconds,
    double stopP95Millis, double stopErrorRatio, Duration maxDuration, Duration requestTimeout, int plateauUsers,
    Duration plateau) {

  public RampModel {
    if (startUsers < 1 || maxUsers < startUsers) {
      throw new IllegalArgumentException("a ramp needs 1 <= startUsers <= maxUsers, got " + startUsers + " and "
          + maxUsers);
    }
    if (!(usersPerSecond > 0)) {
      throw new IllegalArgumentException("'usersPerSecond' must be above 0, got " + usersPerSecond);
    }
    if (thinkTime.isNegative() || stopFromSeconds < 1 || !(stopP95Millis > 0) || !(stopErrorRatio >= 0)
        || maxDuration.toSeconds() < stopFromSeconds || requestTimeout.isZero() || requestTimeout.isNegative()) {
      throw new IllegalArgumentException("a ramp needs a think time >= 0, its stop rule judged from a second between 1"
          + " and its longest duration (stopFromSeconds " + stopFromSeconds + ", maxDuration "
          + maxDuration.toSeconds() + " s), a p95 limit above 0, an error ratio >= 0 and a request timeout above 0");
    }
    if ((plateauUsers == 0) != plateau.isZero() || plateau.isNegative()) {
      throw new IllegalArgumentException("a plateau needs both its users and its time, or neither; got "
          + plateauUsers + " users for " + plateau.toSeconds() + " s");
    }
    if (plateauUsers != 0 && (plateauUsers < startUsers || plateauUsers > maxUsers)) {
      throw new IllegalArgumentException("a plateau's users must lie between startUsers and maxUsers (" + startUsers
          + " to " + maxUsers + "), got " + plateauUsers);
    }
  }

  /** The same ramp without a plateau. */
  public RampModel(int startUsers, double usersPerSecond, int maxUsers, Duration thinkTime, int stopFromSeconds,
      double stopP95Millis, double stopErrorRatio, Duration maxDuration, Duration requestTimeout) {
    this(startUsers, usersPerSecond, maxUsers, thinkTime, stopFromSeconds, stopP95Millis, stopErrorRatio, maxDuration,
        requestTimeout, 0, Duration.ZERO);
  }

  public boolean hasPlateau() {
    return plateauUsers > 0;
  }

  /**
   * When the {@code added}th user after the start ones joins, in seconds from the ramp's start: at the
   * ramp's rate, and after the plateau for every user beyond its count.
   */
  public double joinSeconds(int added) {
    double onTheRamp = added / usersPerSecond;
    return hasPlateau() && startUsers + added > plateauUsers ? onTheRamp + plateau.toNanos() / 1e9 : onTheRamp;
  }

  /** When the plateau's users are all in, in seconds from the ramp's start; NaN without a plateau. */
  public double plateauStartSeconds() {
    return hasPlateau() ? (plateauUsers - startUsers) / usersPerSecond : Double.NaN;
  }

  /** When the ramp goes on past the plateau; NaN without one. */
  public double plateauEndSeconds() {
    return plateauStartSeconds() + plateau.toNanos() / 1e9;
  }

  /** Whether the second [second, second + 1) from the ramp's start lies on the plateau. */
  public boolean onPlateau(int second) {
    return hasPlateau() && second >= plateauStartSeconds() && second + 1 <= plateauEndSeconds();
  }

  /** The longest the whole run may take: the ramp's longest duration and the plateau. */
  public Duration longestRun() {
    return maxDuration.plus(plateau);
  }
}
