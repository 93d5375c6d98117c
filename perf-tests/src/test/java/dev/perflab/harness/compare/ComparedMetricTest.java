package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.compare.ComparedMetric.Direction;
import org.junit.jupiter.api.Test;

class ComparedMetricTest {

  @Test
  void onlyCapacityIsBetterHigher() {
    for (ComparedMetric metric : ComparedMetric.values()) {
      assertThat(metric.direction()).as("%s", metric).isEqualTo(
          metric == ComparedMetric.CAPACITY_PER_SECOND ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER);
    }
  }

  @Test
  void defaultThresholds() {
    assertThat(ComparedMetric.TIME_TO_FIRST_OK_MILLIS.defaultThreshold()).isEqualTo(0.05);
    assertThat(ComparedMetric.RSS_BYTES.defaultThreshold()).isEqualTo(0.05);
    assertThat(ComparedMetric.IMAGE_SIZE_BYTES.defaultThreshold()).isEqualTo(0.02);
    assertThat(ComparedMetric.P99_AT_FIXED_RATE_MICROS.defaultThreshold()).isEqualTo(0.10);
    assertThat(ComparedMetric.CAPACITY_PER_SECOND.defaultThreshold()).isEqualTo(0.10);
  }
}
