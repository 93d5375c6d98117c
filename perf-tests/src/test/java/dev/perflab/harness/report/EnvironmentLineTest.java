package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.environment.EnvironmentRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The environment line every summary ends with says where the apps ran, and on which CPUs, as it was. */
class EnvironmentLineTest {

  @Test
  void onTheLocalEngineTheCatalogsCpusAreNamed() {
    String line = RunSummary.environmentLine(SummaryTableTest.environment());

    assertThat(line).contains("apps on the local Docker engine", "measured on CPU 1, harness on CPU 0");
  }

  /** Pods are pinned to no CPU and the harness does not pin itself on this engine: no CPU may be named as if. */
  @Test
  void onKubernetesThePodsAreSaidToShareTheNodesCpusUnderTheKubeletsPeriod() {
    EnvironmentRecord local = SummaryTableTest.environment();
    EnvironmentRecord cluster = new EnvironmentRecord(local.recordedAt(), local.kernel(), local.cpuModel(),
        local.hostCpuCount(), local.hostMemoryBytes(), local.dockerVersion(), local.dockerApiVersion(),
        local.cgroupVersion(), local.cgroupDriver(), local.harnessJdkVersion(), local.imageJdkVersion(),
        local.frameworkVersions(), local.profiles(), local.measuredCpuset(), local.harnessCpuset(), local.jvmFlags(),
        local.aotTrainingLimits(), local.gitCommit(), local.gitDirty(), null,
        "Kubernetes (kubeconfig /root/.perflab/kubernetes/kubeconfig, its current context)", null);

    String line = RunSummary.environmentLine(cluster);

    assertThat(line).contains("apps on the Kubernetes (kubeconfig", "pods pinned to no CPU",
        "their limit (= request) enforced as a CFS quota over the kubelet's period", "the harness not pinned either",
        "share its 2 CPUs");
    assertThat(line).doesNotContain("measured on CPU", "harness on CPU");
  }

  /** What the run swept before it measured anything is part of where its figures were measured. */
  @Test
  void whatWasSweptBeforeTheRunIsSaid() {
    EnvironmentRecord swept = SummaryTableTest.environment().withSweptBeforeRun(List.of("removed 1 thing(s) earlier"
        + " runs left: container quarkus-jvm (run 1a2b3c4d, pid 4711)"));

    assertThat(RunSummary.environmentLine(swept)).contains("Before anything was measured: removed 1 thing(s) earlier"
        + " runs left: container quarkus-jvm (run 1a2b3c4d, pid 4711).");
    assertThat(RunSummary.environmentLine(SummaryTableTest.environment())).doesNotContain("Before anything");
  }
}
