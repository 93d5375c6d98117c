package dev.perflab.harness.launch.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The kubelet's summary read as its two kinds of runtime write it: with cAdvisor's figures, and with the CRI's few. */
class KubeletStatsTest {

  private static final String SUMMARY = """
      {"node": {"nodeName": "node-a"},
       "pods": [
        {"podRef": {"name": "quarkus-jvm-1", "namespace": "perflab-other"},
         "containers": [{"name": "app", "cpu": {"time": "2026-11-29T00:41:40Z", "usageCoreNanoSeconds": 1}}]},
        {"podRef": {"name": "quarkus-jvm-1", "namespace": "perflab-run"},
         "containers": [
          {"name": "sidecar", "cpu": {"time": "2026-11-29T00:41:46Z", "usageCoreNanoSeconds": 5}},
          {"name": "app",
           "cpu": {"time": "2026-11-29T00:41:46.512345Z", "usageNanoCores": 1000, "usageCoreNanoSeconds": 2294741587},
           "memory": {"time": "2026-11-29T00:41:46.512345Z", "usageBytes": 160000000, "workingSetBytes": 147243008,
                      "rssBytes": 120000000}}]},
        {"podRef": {"name": "micronaut-jvm-2", "namespace": "perflab-run"},
         "containers": [
          {"name": "app", "cpu": {"time": "2026-11-29T00:41:47Z", "usageCoreNanoSeconds": 3000000000},
           "memory": {"time": "2026-11-29T00:41:47Z", "workingSetBytes": 99000000}}]},
        {"podRef": {"name": "spring-boot-jvm-3", "namespace": "perflab-run"}, "containers": [{"name": "app"}]}
       ]}
      """;

  @Test
  void theAppContainerOfThePodInItsNamespaceIsRead() {
    assertThat(KubeletStats.parse(SUMMARY, "perflab-run", "quarkus-jvm-1")).contains(new KubeletStats.Reading(
        Instant.parse("2026-11-29T00:41:46.512345Z"), 2_294_741_587L, 120_000_000L, 160_000_000L, 147_243_008L));
  }

  @Test
  void aFigureTheRuntimeDoesNotReportIsNullNotZero() {
    assertThat(KubeletStats.parse(SUMMARY, "perflab-run", "micronaut-jvm-2")).contains(new KubeletStats.Reading(
        Instant.parse("2026-11-29T00:41:47Z"), 3_000_000_000L, null, null, 99_000_000L));
  }

  @Test
  void aPodWithoutAReadingYetHasNone() {
    assertThat(KubeletStats.parse(SUMMARY, "perflab-run", "spring-boot-jvm-3")).isEmpty();
    assertThat(KubeletStats.parse(SUMMARY, "perflab-run", "no-such-pod")).isEmpty();
  }
}
