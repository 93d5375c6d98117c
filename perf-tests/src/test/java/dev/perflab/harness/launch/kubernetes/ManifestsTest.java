package dev.perflab.harness.launch.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The objects the Kubernetes engine creates, held against the manifests recorded in
 * {@code src/test/resources/kubernetes}: requests equal to limits, the readiness probe on the catalog's path, the
 * set's names at their Services' addresses. A missing file is recorded and the test fails until it is reviewed.
 */
class ManifestsTest {

  private static final Path RECORDED = Path.of("src/test/resources/kubernetes");
  private static final KubernetesSerialization YAML = new KubernetesSerialization();
  private final Catalog catalog = CatalogLoader.bundled();

  private Manifests.Workload store() {
    Cell cell = new Cell(catalog.app("quarkus"), catalog.mode("jvm"),
        new ResourceProfile("0.3cpu-192m", CpuLimit.cores(0.3), 192));
    return Manifests.Workload.of("store-2", cell, cell.image(), Map.of("JDK_JAVA_OPTIONS", "-XX:+UseSerialGC",
        "DOWNSTREAM_URL", "http://downstream:8080"), 2, Map.of("dev.perflab.set", "front-and-store"),
        Map.of("kubernetes.io/hostname", "perflab-node"), Map.of("front", "10.96.0.20", "store", "10.96.0.21",
            "postgres", "10.96.0.10"));
  }

  @Test
  void aServiceIsADeploymentWithRequestsEqualToLimitsAndItsReadinessProbe() throws IOException {
    assertRecorded("deployment.yaml", YAML.asYaml(Manifests.deployment(store())));
  }

  @Test
  void aCellIsABarePodThatIsNotRestarted() throws IOException {
    assertRecorded("pod.yaml", YAML.asYaml(Manifests.pod(store())));
  }

  @Test
  void aServiceSelectsItsPodsByName() throws IOException {
    assertRecorded("service.yaml", YAML.asYaml(Manifests.service("store-2", 8080, Map.of("dev.perflab.set", "s"))));
  }

  @Test
  void anAutoscalerScalesItsDeploymentOnCpuUtilisationWithThePolicysWindows() throws IOException {
    assertRecorded("horizontal-pod-autoscaler.yaml", YAML.asYaml(Autoscaler.horizontalPodAutoscaler("catalog-4",
        new Autoscaler.Policy(70, 1, 2, 0, 60))));
  }

  @Test
  void aRunsNamespaceCarriesTheLabsLabels() {
    assertThat(Manifests.namespace("perflab-1234abcd").getMetadata().getLabels())
        .containsEntry("dev.perflab.harness", "perflab").containsKey("dev.perflab.run");
  }

  @Test
  void anIdBecomesALabelValueThatKeepsTwoIdsApart() {
    assertThat(Manifests.labelValue("front-and-store")).isEqualTo("front-and-store");
    String a = Manifests.labelValue("topology-product-catalog/quarkus/jvm/MSA-1-4-1:run 2");
    String b = Manifests.labelValue("topology-product-catalog/quarkus/jvm/MSA-1-4-1:run 3");
    assertThat(a).matches("[A-Za-z0-9]([A-Za-z0-9._-]{0,61}[A-Za-z0-9])?").isNotEqualTo(b);
    assertThat(Manifests.labelValue("x".repeat(100))).hasSizeLessThanOrEqualTo(63);
  }

  private static void assertRecorded(String name, String manifest) throws IOException {
    Path recorded = RECORDED.resolve(name);
    if (!Files.exists(recorded)) {
      Files.createDirectories(RECORDED);
      Files.writeString(recorded, manifest);
      throw new AssertionError(recorded + " was not recorded: it is now; review it and commit it");
    }
    assertThat(manifest).as("the manifest against " + recorded + " (if the change is meant, delete the file and run"
        + " this test again to record it)").isEqualTo(Files.readString(recorded));
  }
}
