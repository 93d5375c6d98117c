package dev.perflab.harness.experiment.grid;

import com.fasterxml.jackson.annotation.JacksonInject;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.finding.StudyFigure;

/**
 * What the limits grid's analyses judge against, from the experiment file's {@code analysis} block.
 *
 * @param kneeImprovementPercent the knee is the smallest CPU limit beyond which p95 improves by less
 *     than this per grid step
 * @param kneeFloorMillis or by less than this, in milliseconds: a p95 that moves by less between two
 *     limits is read as flat, not as latency still falling (sub-millisecond p95s differ by more than
 *     10 % from step to step on a shared host); a file written before it existed may leave it out, and
 *     reads as 0 (no floor), as it did then
 * @param sloP99Millis the latency objective recommended limits must meet
 * @param targetRatePerSecond the rate at which the knee, the memory floor and recommended limits are
 *     read, for an open staircase: a rate of it; null (left out) for a closed one
 * @param targetConcurrency the same for a closed staircase (a fixed count's connections, a population's
 *     users): a concurrency of it; null (left out) for an open one, and then absent from experiment.json
 * @param maxRelativeCpu recommended limits keep the mean relative CPU at the target rate at or below
 *     this (the study's operators alert at 0.8); null (stated as {@code null}) when not judged: a closed
 *     load keeps the service busy while any of its requests waits, so its relative CPU is 1.0 by construction
 * @param maxRelativeMemory and the highest relative memory at or below this
 * @param studyKneeCpus where the study's p95 flattened, in CPUs of its hardware, with its source; may be left
 *     out. A curve still falling at the grid's largest CPU limit is inconclusive for the knee finding while that
 *     limit is below it (the grid cannot reach where the claim lives), and disagrees once the grid reaches past it
 */
public record GridAnalysis(
    double kneeImprovementPercent, @JacksonInject(StrictYaml.ABSENT) Double kneeFloorMillis, double sloP99Millis,
    @JacksonInject(StrictYaml.ABSENT + "targetRatePerSecond") @JsonInclude(JsonInclude.Include.NON_NULL)
    Double targetRatePerSecond,
    @JacksonInject(StrictYaml.ABSENT + "targetConcurrency") @JsonInclude(JsonInclude.Include.NON_NULL)
    Integer targetConcurrency,
    Double maxRelativeCpu, double maxRelativeMemory,
    @JacksonInject(StrictYaml.ABSENT + "studyKneeCpus") @JsonInclude(JsonInclude.Include.NON_NULL)
    StudyFigure studyKneeCpus) {

  public GridAnalysis {
    if (!(kneeImprovementPercent > 0 && kneeImprovementPercent < 100)) {
      throw new IllegalArgumentException("'kneeImprovementPercent' must be above 0 and below 100, got "
          + kneeImprovementPercent);
    }
    kneeFloorMillis = kneeFloorMillis == null ? 0.0 : kneeFloorMillis;
    if (!(kneeFloorMillis >= 0)) {
      throw new IllegalArgumentException("'kneeFloorMillis' must be 0 or more, got " + kneeFloorMillis);
    }
    if (!(sloP99Millis > 0)) {
      throw new IllegalArgumentException("'sloP99Millis' must be above 0, got " + sloP99Millis);
    }
    if ((targetRatePerSecond == null) == (targetConcurrency == null)) {
      throw new IllegalArgumentException("the analyses read at one step: give 'targetRatePerSecond' (an open"
          + " staircase) or 'targetConcurrency' (a closed one), " + (targetConcurrency == null ? "neither is" : "not both"));
    }
    if (targetRatePerSecond != null && !(targetRatePerSecond >= 1)) {
      throw new IllegalArgumentException("'targetRatePerSecond' must be at least 1, got " + targetRatePerSecond);
    }
    if (targetConcurrency != null && targetConcurrency < 1) {
      throw new IllegalArgumentException("'targetConcurrency' must be at least 1, got " + targetConcurrency);
    }
    if (maxRelativeCpu != null && !(maxRelativeCpu > 0 && maxRelativeCpu <= 1)
        || !(maxRelativeMemory > 0 && maxRelativeMemory <= 1)) {
      throw new IllegalArgumentException("'maxRelativeCpu' and 'maxRelativeMemory' are shares of the limit, above 0"
          + " and at most 1; got " + maxRelativeCpu + " and " + maxRelativeMemory);
    }
  }

  /** Whether a mean relative CPU meets {@link #maxRelativeCpu()}: always, when it is not judged. */
  public boolean cpuWithin(double relativeCpu) {
    return maxRelativeCpu == null || relativeCpu <= maxRelativeCpu;
  }

  /** The step the analyses read at: the target concurrency of a closed staircase, else the target rate. */
  public double target() {
    return targetConcurrency != null ? targetConcurrency : targetRatePerSecond;
  }

  /** "1000 requests/s" or "concurrency 16": how the summary, findings and charts name the target step. */
  public String targetLabel() {
    return targetConcurrency != null ? "concurrency " + targetConcurrency
        : Math.round(targetRatePerSecond) + " requests/s";
  }
}
