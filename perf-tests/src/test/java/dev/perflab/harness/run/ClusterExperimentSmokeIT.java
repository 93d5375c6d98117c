package dev.perflab.harness.run;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cluster tier's experiments: at their smoke scale on the Kubernetes engine, as {@code -Dperflab.engine=kubernetes}
 * runs them (the cluster docker/kubernetes/cluster.sh starts, or the kubeconfig's): the autoscaling experiment, which
 * needs a cluster, and the topologies, the cold start (cached and pulled) and the limits grid, which run on either
 * engine without a change to their files (two of the topologies run here only: ./mvnw verify leaves them out,
 * {@link ExperimentSmokeIT#SAME_PATH_AS_ANOTHER}). The same checks as every bundled experiment's on the local engine
 * ({@link ExperimentSmokeIT}).
 */
@Tag("cluster")
class ClusterExperimentSmokeIT {

  private static final String ENGINE = "perflab.engine";
  private static String engineBefore;

  @BeforeAll
  static void onTheCluster() {
    engineBefore = System.getProperty(ENGINE);
    System.setProperty(ENGINE, "kubernetes");
  }

  @AfterAll
  static void asBefore() {
    if (engineBefore == null) {
      System.clearProperty(ENGINE);
    } else {
      System.setProperty(ENGINE, engineBefore);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"autoscaling", "topology-product-catalog", "topology-aggregation", "topology-pipes-and-filters",
      "cold-start", "limits-grid"})
  void runsOnTheClusterAtItsSmokeScale(String experiment) throws Exception {
    ExperimentSmokeIT.runAtSmokeScale(experiment);
  }
}
