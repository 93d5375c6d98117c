package dev.perflab.harness.environment;

import dev.perflab.harness.stats.Distribution;
import java.util.ArrayList;
import java.util.List;

/**
 * The machine reference's runs under one profile: each a fresh container running the fixed
 * reference work, timed by the engine from the process's start to its exit.
 *
 * @param wallMillis per run, the container's process from start to exit (the engine's StartedAt to
 *     FinishedAt): JVM start, class loading and the work, as a cell's startup has them
 * @param workMillis per run, the work alone as the JVM inside timed it
 */
public record ReferenceRuns(String profile, List<Double> wallMillis, List<Double> workMillis) {

  public ReferenceRuns {
    wallMillis = List.copyOf(wallMillis);
    workMillis = List.copyOf(workMillis);
  }

  /**
   * The figure budgets are scaled by: the mean wall time. A mean, not a median: the host's pace here
   * flips between states within a second (seen as runs in two clusters), and a cell's startup of
   * several seconds averages over them, as a mean of runs does.
   */
  public double meanMillis() {
    return wall().mean();
  }

  /** The standard error of the mean's logarithm: how well these runs pin the pace down. */
  public double logStandardError() {
    return wall().coefficientOfVariation() / Math.sqrt(wallMillis.size());
  }

  public Distribution wall() {
    return Distribution.of(wallMillis);
  }

  /** These runs and {@code more}, of the same profile. */
  public ReferenceRuns plus(ReferenceRuns more) {
    if (!more.profile.equals(profile)) {
      throw new IllegalArgumentException("reference runs of " + more.profile + " added to " + profile + "'s");
    }
    List<Double> wall = new ArrayList<>(wallMillis);
    wall.addAll(more.wallMillis);
    List<Double> work = new ArrayList<>(workMillis);
    work.addAll(more.workMillis);
    return new ReferenceRuns(profile, wall, work);
  }
}
