package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.StudyFigure;

/**
 * What a user-ramp experiment's findings are judged against (its file's {@code analysis:}).
 *
 * @param blocking the variant (by its name in the file) the study's blocking app is ("spring-boot")
 * @param nonBlocking the variant its non-blocking app is ("spring-boot-webflux")
 * @param peakThroughputRatio the study's non-blocking peak throughput over the blocking one's, with its source
 * @param usersAtFailureRatio the study's non-blocking users at failure over the blocking one's
 * @param cpuAtUsers the user count the CPU is compared at
 * @param cpuRatio the study's non-blocking CPU over the blocking one's at that count
 */
public record UserRampAnalysis(String blocking, String nonBlocking, StudyFigure peakThroughputRatio,
    StudyFigure usersAtFailureRatio, int cpuAtUsers, StudyFigure cpuRatio) {

  public UserRampAnalysis {
    required(blocking, "blocking");
    required(nonBlocking, "nonBlocking");
    required(peakThroughputRatio, "peakThroughputRatio");
    required(usersAtFailureRatio, "usersAtFailureRatio");
    required(cpuRatio, "cpuRatio");
    if (!(peakThroughputRatio.value() > 0) || !(usersAtFailureRatio.value() > 0) || !(cpuRatio.value() > 0)
        || cpuAtUsers < 1) {
      throw new IllegalArgumentException("the study's ratios must be above 0 and 'cpuAtUsers' at least 1");
    }
  }
}
