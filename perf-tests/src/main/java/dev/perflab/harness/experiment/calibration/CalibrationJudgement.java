package dev.perflab.harness.experiment.calibration;

/**
 * One metric as one comparison judged it: the gate's ratio, interval and verdict, each side's median, and the
 * largest change between the two launches of any pair (how far apart identical sides can land).
 *
 * @param largestPairChange the largest |B/A − 1| over the pairs
 */
public record CalibrationJudgement(String series, String injected, double size, int number, String metric,
    double threshold, double ratio, double lower, double upper, double confidence, String verdict, double medianA,
    double medianB, int pairs, double largestPairChange) {}
