package dev.perflab.harness.experiment.calibration;

/**
 * One comparison as the dataset has it: its series, what was injected, its sides' images, how the gate ran it and
 * how it ended.
 *
 * @param injectedAmount what B's agent was given: classes for {@code classes}, CPU milliseconds for {@code cpu}, 0
 *     for an A/A
 * @param sizedFrom the base image's median it was sized from (classes loaded, or first OK in ms) over this run's
 *     sizing launches; null for an A/A
 * @param pairs the measured pairs; {@code stop} why the gate stopped (DECIDED, MOST_PAIRS, OUT_OF_TIME, FAILED)
 * @param failure why it failed, with the container's account; null when measured
 */
public record CalibrationComparison(String series, String injected, double size, int number, String baselineImage,
    String candidateImage, long injectedAmount, Double sizedFrom, int pairs, String stop, double minutes,
    String failure) {

  boolean measured() {
    return failure == null;
  }
}
