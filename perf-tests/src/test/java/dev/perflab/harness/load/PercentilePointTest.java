package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.PercentilePoint;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentilePointTest {

  @Test
  void theCurveRisesToTheMaximumAndAgreesWithTheSummarysPercentiles() {
    Histogram micros = new Histogram(300_000_000L, 3);
    for (long value = 1; value <= 100_000; value++) {
      micros.recordValue(value);
    }

    List<PercentilePoint> curve = PercentilePoint.curve(micros);
    LatencySummary summary = LatencySummary.of(micros);

    for (int i = 1; i < curve.size(); i++) {
      assertThat(curve.get(i).percentile()).isGreaterThan(curve.get(i - 1).percentile());
      assertThat(curve.get(i).latencyMicros()).isGreaterThanOrEqualTo(curve.get(i - 1).latencyMicros());
    }
    assertThat(curve.getLast()).isEqualTo(new PercentilePoint(100, summary.maxMicros()));
    assertThat(curve).contains(new PercentilePoint(50, summary.p50Micros()),
        new PercentilePoint(90, summary.p90Micros()));
    // Dense in the tail: points beyond 99.9 %, where a handful of percentiles would show nothing.
    assertThat(curve).filteredOn(point -> point.percentile() > 99.9 && point.percentile() < 100).hasSizeGreaterThan(5);
  }

  @Test
  void anEmptyHistogramHasNoCurve() {
    assertThat(PercentilePoint.curve(new Histogram(300_000_000L, 3))).isEmpty();
  }
}
