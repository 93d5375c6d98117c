package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * What a user-ramp experiment's findings are judged against (its file's {@code analysis:}).
 *
 * @param blocking the variant (by its name in the file) the study's blocking app is ("spring-boot")
 * @param nonBlocking the variant its non-blocking app is ("spring-boot-webflux")
 * @param peakThroughputRatio the study's non-blocking peak throughput over the blocking one's
 * @param usersAtFailureRatio the study's non-blocking users at failure over the blocking one's
 * @param cpuAtUsers the user count the CPU is compared at
 * @param cpuRatio the study's non-blocking CPU over the blocking one's at that count
 */
public record UserRampAnalysis(String blocking, String nonBlocking, double peakThroughputRatio,
    double usersAtFailureRatio, int cpuAtUsers, double cpuRatio) {

  public UserRampAnalysis {
    required(blocking, "blocking");
    required(nonBlocking, "nonBlocking");
    if (!(peakThroughputRatio > 0) || !(usersAtFailureRatio > 0) || !(cpuRatio > 0) || cpuAtUsers < 1) {
      throw new IllegalArgumentException("the study's ratios must be above 0 and 'cpuAtUsers' at least 1");
    }
  }
}
