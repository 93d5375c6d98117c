package dev.perflab.harness.model;

/**
 * One station in the simulation: the jobs in it and when the next leaves, as its kind serves them
 * ({@link SharedStation}: processor sharing and delay; {@link QueuedStation}: first come, first served).
 * It also integrates, over the measured window only, how many jobs of each class are in it and how much
 * of the servers' capacity each class receives.
 */
abstract sealed class SimulatedStation permits SharedStation, QueuedStation {

  /** A job: the branch of a request it carries on when it leaves. */
  record Job(RequestBranch branch, int classIndex) {}

  private final Station station;
  private final int[] jobsOfClass;
  private final double windowStartSeconds;
  private final double windowEndSeconds;
  private final double[] jobSecondsOfClass; // ∫ n_c dt over the window
  private final double[] serverSecondsOfClass; // ∫ (servers' worth class c receives) dt over the window
  private double lastUpdateSeconds;

  SimulatedStation(Station station, int classes, double windowStartSeconds, double windowEndSeconds) {
    this.station = station;
    this.jobsOfClass = new int[classes];
    this.jobSecondsOfClass = new double[classes];
    this.serverSecondsOfClass = new double[classes];
    this.windowStartSeconds = windowStartSeconds;
    this.windowEndSeconds = windowEndSeconds;
  }

  static SimulatedStation of(Station station, int classes, double windowStartSeconds, double windowEndSeconds) {
    return station.kind() == StationKind.FIRST_COME_FIRST_SERVED
        ? new QueuedStation(station, classes, windowStartSeconds, windowEndSeconds)
        : new SharedStation(station, classes, windowStartSeconds, windowEndSeconds);
  }

  Station station() {
    return station;
  }

  /** Moves the clocks to the given time, integrating what was in the station meanwhile. */
  final void advanceTo(double nowSeconds) {
    double overlap = Math.min(nowSeconds, windowEndSeconds) - Math.max(lastUpdateSeconds, windowStartSeconds);
    if (overlap > 0) {
      for (int c = 0; c < jobsOfClass.length; c++) {
        jobSecondsOfClass[c] += jobsOfClass[c] * overlap;
        serverSecondsOfClass[c] += serversOfClass(c) * overlap;
      }
    }
    served(nowSeconds - lastUpdateSeconds);
    lastUpdateSeconds = nowSeconds;
  }

  final void arrive(double nowSeconds, RequestBranch branch, int classIndex, double workSeconds) {
    advanceTo(nowSeconds);
    admit(new Job(branch, classIndex), workSeconds, nowSeconds);
    jobsOfClass[classIndex]++;
  }

  final Job depart(double nowSeconds) {
    advanceTo(nowSeconds);
    Job job = release(nowSeconds);
    jobsOfClass[job.classIndex()]--;
    return job;
  }

  /** When the next job leaves, if no one arrives before; infinite when empty. */
  abstract double nextDepartureSeconds();

  /** The servers' worth class {@code classIndex} receives now. */
  abstract double serversOfClass(int classIndex);

  /** The jobs in service have been served for {@code elapsedSeconds} more, at the rates since the last event. */
  abstract void served(double elapsedSeconds);

  /** A job arrives with {@code workSeconds} of service to receive. */
  abstract void admit(Job job, double workSeconds, double nowSeconds);

  /** The job whose departure is next leaves. */
  abstract Job release(double nowSeconds);

  int jobsOfClass(int classIndex) {
    return jobsOfClass[classIndex];
  }

  double lastUpdateSeconds() {
    return lastUpdateSeconds;
  }

  double jobSecondsOfClass(int classIndex) {
    return jobSecondsOfClass[classIndex];
  }

  double serverSecondsOfClass(int classIndex) {
    return serverSecondsOfClass[classIndex];
  }
}
