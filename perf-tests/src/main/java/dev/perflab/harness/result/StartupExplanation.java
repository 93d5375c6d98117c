package dev.perflab.harness.result;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Why B started differently from A as one flight-recorded launch a side saw it ({@code -Dperflab.compare.explain=jfr}):
 * the methods whose execution samples, and the sites whose allocation samples, differ most between the two starts.
 * One launch a side, slowed by its recording and never among the measured ones: it points at where to look, the
 * measured pairs say how much.
 *
 * @param unavailable why there is no explanation (a side's recorded launch failed, an engine that cannot record);
 *     null when there is one
 * @param hotMethods the largest differences in execution samples: those beyond sampling noise first, each group
 *     largest first
 * @param allocationSites the largest differences in sampled allocation (bytes), in the same order
 */
public record StartupExplanation(String unavailable, RecordedSide baseline, RecordedSide candidate,
    List<Difference> hotMethods, List<Difference> allocationSites) {

  /** How many differences of each kind an explanation keeps. */
  public static final int TOP = 10;

  public StartupExplanation {
    hotMethods = List.copyOf(hotMethods);
    allocationSites = List.copyOf(allocationSites);
  }

  /**
   * One side's recorded launch.
   *
   * @param recording the flight recording's file, to open in JDK Mission Control or {@code jfr print}
   */
  public record RecordedSide(double timeToFirstOkMillis, long executionSamples, long allocationSampledBytes,
      String recording) {}

  /**
   * One method's (or allocation site's) figure in A and in B, and the samples each rests on (for execution samples,
   * the figures themselves).
   */
  public record Difference(String frame, long baseline, long candidate, long baselineSamples, long candidateSamples) {

    public long change() {
      return candidate - baseline;
    }

    /**
     * Whether the two sample counts differ by more than twice the square root of their sum: for two Poisson counts,
     * about a 95 % test that they differ. A method seen twice in one recording and never in the other has not.
     */
    public boolean beyondSamplingNoise() {
      long samples = baselineSamples + candidateSamples;
      return Math.abs(candidateSamples - baselineSamples) > 2 * Math.sqrt(samples);
    }
  }

  public static StartupExplanation unavailable(String why) {
    return new StartupExplanation(why, null, null, List.of(), List.of());
  }

  public static StartupExplanation of(RecordedSide baselineSide, StartupProfile baseline, RecordedSide candidateSide,
      StartupProfile candidate) {
    return new StartupExplanation(null, baselineSide, candidateSide,
        largestDifferences(baseline.samplesByMethod(), candidate.samplesByMethod(), baseline.samplesByMethod(),
            candidate.samplesByMethod()),
        largestDifferences(baseline.allocatedBytesBySite(), candidate.allocatedBytesBySite(),
            baseline.allocationSamplesBySite(), candidate.allocationSamplesBySite()));
  }

  /**
   * The {@link #TOP} frames whose figures differ most, either way, those beyond sampling noise first; ties by name,
   * so a report reads the same twice.
   */
  static List<Difference> largestDifferences(Map<String, Long> baseline, Map<String, Long> candidate,
      Map<String, Long> baselineSamples, Map<String, Long> candidateSamples) {
    Set<String> frames = new HashSet<>(baseline.keySet());
    frames.addAll(candidate.keySet());
    return frames.stream()
        .map(frame -> new Difference(frame, baseline.getOrDefault(frame, 0L), candidate.getOrDefault(frame, 0L),
            baselineSamples.getOrDefault(frame, 0L), candidateSamples.getOrDefault(frame, 0L)))
        .filter(difference -> difference.change() != 0)
        .sorted(Comparator.comparing((Difference difference) -> !difference.beyondSamplingNoise())
            .thenComparingLong(difference -> -Math.abs(difference.change()))
            .thenComparing(Difference::frame))
        .limit(TOP)
        .toList();
  }
}
