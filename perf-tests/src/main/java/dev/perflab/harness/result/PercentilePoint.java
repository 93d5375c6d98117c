package dev.perflab.harness.result;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One point of a latency percentile curve (the HdrHistogram plot): the latency at or below which
 * {@code percentile} % of the requests answered. A curve shows the whole tail, where p50, p99 and
 * max alone hide its shape.
 *
 * @param percentile 0–100; the curve's last point is 100 (the maximum)
 * @param latencyMicros the highest latency the histogram cannot tell apart from the value at the
 *     percentile, as {@link LatencySummary}'s percentiles are
 */
public record PercentilePoint(double percentile, long latencyMicros) {

  /** HdrHistogram's own default: 5 points per halving of the distance to 100 % (50, 55, … 75, … 87.5, …). */
  static final int TICKS_PER_HALF_DISTANCE = 5;

  /** The curve by HdrHistogram's percentile iteration: dense in the tail, ~100 points for a million requests. */
  public static List<PercentilePoint> curve(Histogram micros) {
    List<PercentilePoint> points = new ArrayList<>();
    for (HistogramIterationValue value : micros.percentiles(TICKS_PER_HALF_DISTANCE)) {
      points.add(new PercentilePoint(value.getPercentileLevelIteratedTo(), value.getValueIteratedTo()));
    }
    return List.copyOf(points);
  }
}
