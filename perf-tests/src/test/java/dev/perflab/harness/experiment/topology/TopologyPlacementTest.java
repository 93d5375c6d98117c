package dev.perflab.harness.experiment.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.sweep.Sweep;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a topology's summary says its services ran under: on the local engine pinned to the measured CPUs at the
 * period each asked; on Kubernetes pinned to no CPU, sharing the node's, at the period their cgroups had, and a
 * period other than the one asked (the kubelet's 100 ms for the file's 10 ms) said in the summary, not only logged.
 */
class TopologyPlacementTest {

  private static final Path OFFLOADING = Path.of("../experiments/topology-offloading.yaml");

  @TempDir
  Path reportDir;

  @Test
  void onKubernetesTheSummaryStatesTheSharedCoresAndThePeriodThePodsRanWithForTheOneAsked() throws IOException {
    String summary = summary(true, rows(100.0));

    assertThat(summary).contains("each a Deployment whose pods have its CPU quota as their CPU limit (requests ="
        + " limits), pinned to no CPU", "share the node's cores", "the harness");
    assertThat(summary).contains("**CFS period not as asked**: asked 10 ms, ran with 100 ms (w5/gw, w5/s1)",
        "enforced over the kubelet's period");
    assertThat(summary).doesNotContain("on the measured CPUs");
  }

  @Test
  void onKubernetesAPeriodThatCouldNotBeReadIsSaidToBeTheKubeletsNotTheOneAsked() throws IOException {
    String summary = summary(true, rows(null));

    assertThat(summary).contains("was not read from their cgroups", "it is the kubelet's",
        "(asked here: 10 ms)");
    assertThat(summary).doesNotContain("not as asked");
  }

  @Test
  void onTheLocalEngineTheServicesAreOnTheMeasuredCpusAtThePeriodTheyAsked() throws IOException {
    String summary = summary(false, rows(10.0));

    assertThat(summary).contains("each under its own CPU quota and CFS period on the measured CPUs.");
    assertThat(summary).doesNotContain("not as asked", "kubelet", "pinned to no CPU");
  }

  private String summary(boolean onCluster, List<TopologyServiceRow> services) throws IOException {
    ExperimentLoader.Loaded loaded = ExperimentLoader.load(OFFLOADING, CatalogLoader.bundled(), BundledKinds.ALL);
    TopologySpec spec = (TopologySpec) loaded.spec();
    ExperimentRun run = new ExperimentRun(loaded, "smoke", CatalogLoader.bundled(), null, reportDir,
        "Environment: a test", "./mvnw -Pperf verify -Dperflab.experiment=topology-offloading");
    TopologyData data = new TopologyData(List.of(), List.of(), services, List.of());
    return TopologyResult.of(run, spec, spec.scale("smoke"), new Sweep.Outcome<>(data, 1, 0, List.of()), onCluster)
        .markdown();
  }

  /** Two services of w5 at one mix, their cgroups' period {@code periodMillis} (null: not read). */
  private static List<TopologyServiceRow> rows(Double periodMillis) {
    return List.of(
        new TopologyServiceRow("quarkus", "aot", "w5", 0, 0.0, "gw", 0.25, 0.1, null, 0.4, null, 0.4, 0.0, 1L,
            periodMillis),
        new TopologyServiceRow("quarkus", "aot", "w5", 0, 0.0, "s1", 0.25, 0.1, null, 0.4, null, 0.4, 0.0, 1L,
            periodMillis));
  }
}
