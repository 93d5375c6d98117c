package dev.perflab.harness.metric;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.metric.Metric.Direction;
import org.junit.jupiter.api.Test;

class MetricTest {

  @Test
  void onlyCapacityIsBetterHigher() {
    for (Metric metric : Metric.values()) {
      assertThat(metric.direction()).as("%s", metric).isEqualTo(
          metric == Metric.CAPACITY_PER_SECOND ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER);
    }
  }

  @Test
  void defaultThresholds() {
    assertThat(Metric.TIME_TO_FIRST_OK_MILLIS.defaultThreshold()).isEqualTo(0.05);
    assertThat(Metric.RSS_BYTES_AFTER_WARMUP.defaultThreshold()).isEqualTo(0.05);
    assertThat(Metric.IMAGE_SIZE_BYTES.defaultThreshold()).isEqualTo(0.02);
    assertThat(Metric.P99_AT_FIXED_RATE_MICROS.defaultThreshold()).isEqualTo(0.10);
    assertThat(Metric.CAPACITY_PER_SECOND.defaultThreshold()).isEqualTo(0.10);
  }
}
