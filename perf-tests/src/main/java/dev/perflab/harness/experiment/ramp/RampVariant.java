package dev.perflab.harness.experiment.ramp;

import java.util.List;

/**
 * One variant (named in the experiment file: an app in a mode) of a user-ramp experiment over its ramps: each
 * figure the median over its repetitions, null where no ramp has it.
 *
 * @param ramps ramps that ran; {@code failedToStart} did not
 * @param failedRamps ramps that ended on a limit (the rest ran to the longest duration)
 * @param cpuLimitCores the CPU limit its ramps ran at (every variant's); null if none ran
 * @param peakThroughputPerSecond the highest completed-per-second over a ramp's seconds (a
 *     {@value dev.perflab.harness.experiment.ramp.RampVariant#PEAK_SECONDS}-second moving mean, so one
 *     burst does not make it)
 * @param relativeCpuAtPeak the container's CPU over its limit in the peak's seconds
 * @param lowestP50Millis a request's time with nothing queued: the lowest p50 of a ramp's seconds
 * @param pool what holds its requests in flight, as the file declares it; null if it declares none
 * @param poolBoundPerSecond the answers a second the pool allows: its size over {@code lowestP50Millis}; null
 *     without a pool of a size
 * @param peakBoundBy what set the peak ({@link PeakBound}); null without a peak or its CPU
 * @param usersAtFailure users when the ramp ended on its limit
 * @param secondsToFailure when it ended on its limit, from the ramp's start
 * @param endReasons each ramp's end, as the driver said it
 * @param secondsToCpu90 when the container's CPU first reached 90 % of its limit
 * @param atUsers CPU and memory at each of the experiment's user counts
 * @param generatorLimitedSeconds seconds whose pace the driver set, over every ramp
 * @param stubCpuCoresMax the stub's busiest second, in cores, over every ramp
 * @param stubProbeP95Millis the p95 of the requests sent straight to the stub, over every ramp
 */
public record RampVariant(String variant, String mode, int ramps, int failedToStart, int failedRamps,
    Double cpuLimitCores, Double peakThroughputPerSecond, Double relativeCpuAtPeak, Double lowestP50Millis,
    RampPool pool, Double poolBoundPerSecond, PeakBound peakBoundBy, Double usersAtFailure, Double secondsToFailure,
    List<String> endReasons, Double secondsToCpu90, List<AtUsers> atUsers, long generatorLimitedSeconds,
    Double stubCpuCoresMax, Double stubProbeP95Millis) {

  public static final int PEAK_SECONDS = 5;

  public RampVariant {
    endReasons = List.copyOf(endReasons);
    atUsers = List.copyOf(atUsers);
  }

  /**
   * The container at a user count: the mean of the seconds from the first with that many users over the
   * next {@value #PEAK_SECONDS}, or, at the plateau's own count, over the plateau's last {@value #PEAK_SECONDS};
   * median over ramps; null for a count a ramp did not reach.
   */
  public record AtUsers(int users, Double relativeCpu, Double cgroupMemoryMebibytes, Double throughputPerSecond,
      Double p95Millis) {}

  public String label() {
    return variant + " (" + mode + ")";
  }
}
