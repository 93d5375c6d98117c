package dev.perflab.harness.experiment.ramp;

/**
 * One round of a scale's CPU calibration ({@link CpuCalibration}): a row of {@code cpu-calibration.csv}.
 *
 * @param round from 1
 * @param cpuLimitCores the container's CPU limit in the round
 * @param users its closed users
 * @param warmupSeconds how long they ran before the CPU was read
 * @param seconds how long the CPU was read
 * @param cpuCores the container's mean CPU over the read seconds, in cores; null if none was read
 * @param relativeCpu {@code cpuCores} over the limit
 * @param completedPerSecond correct answers a second over the read seconds (the users' whole run's measured part)
 * @param p95Millis of those answers
 * @param errors requests that failed over the read seconds
 * @param failure why the round read nothing (its container did not start, nothing answered); null if it read
 */
public record CpuCalibrationRound(int round, double cpuLimitCores, int users, int warmupSeconds, int seconds,
    Double cpuCores, Double relativeCpu, Double completedPerSecond, Double p95Millis, long errors, String failure) {

  static CpuCalibrationRound failed(int round, double cpuLimitCores, CpuCalibration settings, String failure) {
    return new CpuCalibrationRound(round, cpuLimitCores, settings.users(), settings.warmupSeconds(),
        settings.seconds(), null, null, null, null, 0, failure);
  }
}
