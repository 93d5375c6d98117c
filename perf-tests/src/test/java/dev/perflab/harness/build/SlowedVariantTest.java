package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlowedVariantTest {

  @Test
  void theVariantIsTaggedBesideItsImage() {
    assertThat(SlowedVariant.nameFor("perflab/quarkus:3.37.3-jvm")).isEqualTo("perflab/quarkus:3.37.3-jvm-slowed");
    assertThat(SlowedVariant.nameFor("localhost:5000/team/svc")).isEqualTo("localhost:5000/team/svc:latest-slowed");
  }

  @Test
  void theAgentSleepsTheGivenMillis() throws Exception {
    long start = System.nanoTime();
    SlowStartAgent.premain(" 30 ");
    assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(30);
  }
}
