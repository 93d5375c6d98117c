package dev.perflab.harness.model;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A simulated station that serves first come, first served: each of its c servers serves one job to the
 * end at full speed, and a job that finds them all busy waits in line until one is free. A job in service
 * leaves at its start plus its work; an arrival or departure costs O(log c).
 */
final class QueuedStation extends SimulatedStation {

  private record InService(Job job, double finishSeconds, long sequence) {}

  private record Waiting(Job job, double workSeconds) {}

  private static final Comparator<InService> BY_FINISH =
      Comparator.comparingDouble(InService::finishSeconds).thenComparingLong(InService::sequence);

  private final PriorityQueue<InService> inService = new PriorityQueue<>(BY_FINISH);
  private final ArrayDeque<Waiting> line = new ArrayDeque<>();
  private final int[] inServiceOfClass;
  private long sequence;

  QueuedStation(Station station, int classes, double windowStartSeconds, double windowEndSeconds) {
    super(station, classes, windowStartSeconds, windowEndSeconds);
    this.inServiceOfClass = new int[classes];
  }

  @Override
  double serversOfClass(int classIndex) {
    return inServiceOfClass[classIndex];
  }

  @Override
  void served(double elapsedSeconds) {
    // Each job in service runs at a whole server's speed: its finish, set when it started, stays.
  }

  @Override
  void admit(Job job, double workSeconds, double nowSeconds) {
    if (inService.size() < station().servers()) {
      start(job, workSeconds, nowSeconds);
    } else {
      line.add(new Waiting(job, workSeconds));
    }
  }

  @Override
  double nextDepartureSeconds() {
    InService next = inService.peek();
    return next == null ? Double.POSITIVE_INFINITY : next.finishSeconds();
  }

  @Override
  Job release(double nowSeconds) {
    InService done = inService.poll();
    inServiceOfClass[done.job().classIndex()]--;
    Waiting next = line.poll();
    if (next != null) {
      start(next.job(), next.workSeconds(), nowSeconds);
    }
    return done.job();
  }

  private void start(Job job, double workSeconds, double nowSeconds) {
    inService.add(new InService(job, nowSeconds + workSeconds, sequence++));
    inServiceOfClass[job.classIndex()]++;
  }
}
