package dev.perflab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuKernelTest {

  @Test
  void oneRoundIsTheSha256OfTheSeed() {
    // sha256("perflab"), as printed by `printf perflab | sha256sum`
    assertThat(CpuKernel.run(List.of("1")).result())
        .isEqualTo("97042919c91c4c88503916cb026c86073aecb9d9ca2966ededd697c262dabb2d");
  }

  @Test
  void isDeterministicAndChainsRounds() {
    assertThat(CpuKernel.run(List.of("1000"))).isEqualTo(CpuKernel.run(List.of("1000")));
    assertThat(CpuKernel.run(List.of("2")).result()).isNotEqualTo(CpuKernel.run(List.of("1")).result());
  }

  @Test
  void validatesIterations() {
    assertThatThrownBy(() -> CpuKernel.run(null)).hasMessage("missing query parameter 'iterations'");
    assertThatThrownBy(() -> CpuKernel.run(List.of("abc")))
        .hasMessage("query parameter 'iterations' must be an integer, got 'abc'");
    assertThatThrownBy(() -> CpuKernel.run(List.of("0")))
        .hasMessage("query parameter 'iterations' must be between 1 and 1000000, got 0");
    assertThatThrownBy(() -> CpuKernel.run(List.of("99999999999")))
        .hasMessage("query parameter 'iterations' must be between 1 and 1000000, got 99999999999");
    assertThatThrownBy(() -> CpuKernel.run(List.of("1", "2")))
        .hasMessage("query parameter 'iterations' must be given once, got 2 values");
    assertThatThrownBy(() -> CpuKernel.run(List.of("1,2")))
        .hasMessage("query parameter 'iterations' must be an integer, got '1,2'");
    assertThatThrownBy(() -> CpuKernel.run(List.of())).hasMessage("missing query parameter 'iterations'");
  }
}
