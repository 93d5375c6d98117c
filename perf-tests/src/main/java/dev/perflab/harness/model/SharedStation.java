package dev.perflab.harness.model;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A simulated station that shares its servers, processor sharing among the jobs in it: n jobs at c
 * servers each progress at min(1, c / n) of a server's speed (a delay station: always 1). All jobs
 * progress at the same rate, so the station keeps a virtual clock of the work each job has received
 * since the start; a job arriving at virtual time v with work w leaves when the clock reaches v + w,
 * and the next to leave is always the one with the smallest such finish. An arrival or departure
 * costs O(log n).
 */
final class SharedStation extends SimulatedStation {

  private record Sharing(Job job, double finishVirtualSeconds, long sequence) {}

  private static final Comparator<Sharing> BY_FINISH =
      Comparator.comparingDouble(Sharing::finishVirtualSeconds).thenComparingLong(Sharing::sequence);

  private final PriorityQueue<Sharing> jobs = new PriorityQueue<>(BY_FINISH);
  private double virtualSeconds;
  private long sequence;

  SharedStation(Station station, int classes, double windowStartSeconds, double windowEndSeconds) {
    super(station, classes, windowStartSeconds, windowEndSeconds);
  }

  /** Each job's speed, in servers' worth, with the jobs now present. */
  private double ratePerJob() {
    int n = jobs.size();
    if (n == 0) {
      return 0;
    }
    return station().isDelay() ? 1 : Math.min(1, station().servers() / (double) n);
  }

  @Override
  double serversOfClass(int classIndex) {
    return jobsOfClass(classIndex) * ratePerJob();
  }

  @Override
  void served(double elapsedSeconds) {
    virtualSeconds += elapsedSeconds * ratePerJob();
  }

  @Override
  void admit(Job job, double workSeconds, double nowSeconds) {
    jobs.add(new Sharing(job, virtualSeconds + workSeconds, sequence++));
  }

  @Override
  double nextDepartureSeconds() {
    Sharing next = jobs.peek();
    if (next == null) {
      return Double.POSITIVE_INFINITY;
    }
    return lastUpdateSeconds() + Math.max(0, next.finishVirtualSeconds() - virtualSeconds) / ratePerJob();
  }

  @Override
  Job release(double nowSeconds) {
    return jobs.poll().job();
  }
}
