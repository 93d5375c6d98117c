package dev.perflab.harness.model;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * One station in the simulation, processor sharing among the jobs in it: n jobs at c servers each
 * progress at min(1, c / n) of a server's speed (a delay station: always 1). All jobs progress at the
 * same rate, so the station keeps a virtual clock of the work each job has received since the start;
 * a job arriving at virtual time v with work w leaves when the clock reaches v + w, and the next to
 * leave is always the one with the smallest such finish. An arrival or departure costs O(log n).
 *
 * <p>It also integrates, over the measured window only, how many jobs of each class are in it and how
 * much of the servers' capacity each class receives.
 */
final class SimulatedStation {

  /** A job in service: the branch of a request it carries on when it leaves. */
  record Job(RequestBranch branch, int classIndex, double finishVirtualSeconds, long sequence) {}

  private static final Comparator<Job> BY_FINISH =
      Comparator.comparingDouble(Job::finishVirtualSeconds).thenComparingLong(Job::sequence);

  private final Station station;
  private final PriorityQueue<Job> jobs = new PriorityQueue<>(BY_FINISH);
  private final int[] jobsOfClass;
  private final double windowStartSeconds;
  private final double windowEndSeconds;
  private final double[] jobSecondsOfClass; // ∫ n_c dt over the window
  private final double[] serverSecondsOfClass; // ∫ n_c · rate dt over the window
  private double virtualSeconds;
  private double lastUpdateSeconds;
  private long sequence;

  SimulatedStation(Station station, int classes, double windowStartSeconds, double windowEndSeconds) {
    this.station = station;
    this.jobsOfClass = new int[classes];
    this.jobSecondsOfClass = new double[classes];
    this.serverSecondsOfClass = new double[classes];
    this.windowStartSeconds = windowStartSeconds;
    this.windowEndSeconds = windowEndSeconds;
  }

  Station station() {
    return station;
  }

  /** Each job's speed, in servers' worth, with the jobs now present. */
  private double ratePerJob() {
    int n = jobs.size();
    if (n == 0) {
      return 0;
    }
    return station.isDelay() ? 1 : Math.min(1, station.servers() / (double) n);
  }

  /** Moves the clocks to the given time, integrating what was in the station meanwhile. */
  void advanceTo(double nowSeconds) {
    double rate = ratePerJob();
    double overlap = Math.min(nowSeconds, windowEndSeconds) - Math.max(lastUpdateSeconds, windowStartSeconds);
    if (overlap > 0) {
      for (int c = 0; c < jobsOfClass.length; c++) {
        jobSecondsOfClass[c] += jobsOfClass[c] * overlap;
        serverSecondsOfClass[c] += jobsOfClass[c] * rate * overlap;
      }
    }
    virtualSeconds += (nowSeconds - lastUpdateSeconds) * rate;
    lastUpdateSeconds = nowSeconds;
  }

  void arrive(double nowSeconds, RequestBranch branch, int classIndex, double workSeconds) {
    advanceTo(nowSeconds);
    jobs.add(new Job(branch, classIndex, virtualSeconds + workSeconds, sequence++));
    jobsOfClass[classIndex]++;
  }

  /** When the next job leaves, if no one arrives before; infinite when empty. */
  double nextDepartureSeconds() {
    Job next = jobs.peek();
    if (next == null) {
      return Double.POSITIVE_INFINITY;
    }
    return lastUpdateSeconds + Math.max(0, next.finishVirtualSeconds() - virtualSeconds) / ratePerJob();
  }

  Job depart(double nowSeconds) {
    advanceTo(nowSeconds);
    Job job = jobs.poll();
    jobsOfClass[job.classIndex()]--;
    return job;
  }

  double jobSecondsOfClass(int classIndex) {
    return jobSecondsOfClass[classIndex];
  }

  double serverSecondsOfClass(int classIndex) {
    return serverSecondsOfClass[classIndex];
  }
}
