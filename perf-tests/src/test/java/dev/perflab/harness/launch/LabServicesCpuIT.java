package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.HarnessConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * The lab's own services, the downstream stub and the database, run on the harness's CPUs, never
 * on the measured ones: a cell calling them must not lose its CPU to them.
 */
@Tag("smoke")
class LabServicesCpuIT {

  @Test
  void theStubAndTheDatabaseArePinnedToTheHarnessCpus() {
    Catalog catalog = CatalogLoader.bundled();
    DockerClient docker = DockerClientFactory.instance().client();

    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      List<Container> services = docker.listContainersCmd()
          .withLabelFilter(Map.of(LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec();

      assertThat(services).extracting(Container::getImage)
          .contains(catalog.downstream().image(), catalog.database().image());
      assertThat(services).allSatisfy(service -> assertThat(
          docker.inspectContainerCmd(service.getId()).exec().getHostConfig().getCpusetCpus())
          .as(service.getImage()).isEqualTo(catalog.harnessCpuset()));
    }
  }
}
