package dev.perflab.harness.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import org.junit.jupiter.api.Test;

class EffectiveLimitsTest {

  /** As printed by Temurin 25 in a container run with --cpus 0.5 --cpuset-cpus 1 -m 256m. */
  static final String HALF_CPU_256M = """
      Operating System Metrics:
          Provider: cgroupv1
          Effective CPU Count: 1
          CPU Period: 100000us
          CPU Quota: 50000us
          CPU Shares: -1
          List of Processors, 1 total:\s
          1\s
          List of Memory Nodes, 1 total:\s
          0\s
          Memory Limit: 256.00M
          Memory Soft Limit: Unlimited
          Memory & Swap Limit: 256.00M
          Maximum Processes Limit: Unlimited

      openjdk version "25.0.3" 2026-04-21 LTS
      """;

  static final String UNLIMITED = """
      Operating System Metrics:
          Provider: cgroupv1
          Effective CPU Count: 2
          CPU Period: 100000us
          CPU Quota: -1
          Memory Limit: Unlimited
      """;

  @Test
  void parsesTheJvmsViewOfTheCgroup() {
    EffectiveLimits limits = EffectiveLimits.parse(HALF_CPU_256M);
    assertThat(limits).isEqualTo(new EffectiveLimits("cgroupv1", 1, 50_000, 100_000, 256L << 20));
  }

  @Test
  void matchingLimitsHaveNoMismatch() {
    ResourceProfile halfCpu = new ResourceProfile("half-cpu-256m", CpuLimit.cores(0.5), 256);
    assertThat(EffectiveLimits.parse(HALF_CPU_256M).mismatches(halfCpu, 1)).isEmpty();
  }

  @Test
  void namesEveryLimitThatDiffersFromTheProfile() {
    ResourceProfile oneCpu = new ResourceProfile("1cpu-512m", CpuLimit.cores(1.0), 512);
    assertThat(EffectiveLimits.parse(UNLIMITED).mismatches(oneCpu, 1)).containsExactly(
        "CPU quota is -1 us per 100000 us (-1.00 CPUs), expected 1.00 CPUs",
        "memory limit is unlimited, expected 536870912 bytes (512 MiB)",
        "the JVM sees 2 CPUs, expected 1 (the container is pinned by cpuset)");
  }

  @Test
  void refusesOutputWithoutTheMetricsSection() {
    assertThatThrownBy(() -> EffectiveLimits.parse("openjdk version \"25\""))
        .hasMessageContaining("no complete 'Operating System Metrics' section");
  }
}
