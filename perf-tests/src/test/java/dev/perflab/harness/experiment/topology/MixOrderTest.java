package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Launches alternate the order of the mixes, so that a JVM still speeding up during the sweep does not
 * read as a trend along the mix.
 */
class MixOrderTest {

  private static final List<Double> MIXES = List.of(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);

  @Test
  void evenRepetitionsMeasureTheMixesAsListedOddOnesReversed() {
    assertThat(TopologyPointRun.measuringOrder(MIXES, 0)).containsExactly(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);
    assertThat(TopologyPointRun.measuringOrder(MIXES, 1)).containsExactly(1.0, 0.8, 0.6, 0.4, 0.2, 0.0);
    assertThat(TopologyPointRun.measuringOrder(MIXES, 2)).containsExactly(0.0, 0.2, 0.4, 0.6, 0.8, 1.0);
  }
}
