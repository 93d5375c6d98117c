package dev.perflab.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ReapedChildrenCpuTest {

  @Test
  void readsCutimeAndCstimeEvenWhenTheNameHoldsSpacesAndParentheses() {
    String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 100 200 0 0 250 30 120 45 20 0 40 0 100 "
        + "1000000 5000 18446744073709551615";

    assertThat(ReapedChildrenCpu.millisFromStat(stat)).isEqualTo((120 + 45) * 10);
  }

  @Test
  void aChildThatBurnsCpuIsCountedOnceItIsReaped() throws Exception {
    long before = ReapedChildrenCpu.millis();
    Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-version")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(ReapedChildrenCpu.millis()).isGreaterThan(before);
  }
}
