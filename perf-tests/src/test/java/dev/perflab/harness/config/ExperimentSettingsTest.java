package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bundled experiment by name, one's own by path; either way its report folder is named after the file. */
class ExperimentSettingsTest {

  @Test
  void aNameIsTheBundledFileOfThatName() {
    ExperimentSettings settings = new ExperimentSettings("limits-grid", "default");

    assertThat(settings.file(Path.of(".."))).isEqualTo(Path.of("../experiments/limits-grid.yaml"));
    assertThat(settings.name()).isEqualTo("limits-grid");
  }

  @Test
  void aPathIsTakenAsItIs() {
    ExperimentSettings settings = new ExperimentSettings("/home/me/grids/petclinic-grid.yaml", "smoke");

    assertThat(settings.file(Path.of(".."))).isEqualTo(Path.of("/home/me/grids/petclinic-grid.yaml"));
    assertThat(settings.name()).isEqualTo("petclinic-grid");
  }

  @Test
  void appsItIsNarrowedToNameItsReportFolderSoOneFrameworksRunKeepsAnothers() {
    ExperimentSettings all = new ExperimentSettings("topology-offloading", "default");
    ExperimentSettings two = new ExperimentSettings("topology-offloading", "default", List.of("quarkus", "micronaut"));

    assertThat(all.reportDirName()).isEqualTo("experiment-topology-offloading");
    assertThat(two.reportDirName()).isEqualTo("experiment-topology-offloading-quarkus-micronaut");
  }

  @Test
  void aScaleOtherThanTheDefaultHasAFolderOfItsOwnSoItKeepsTheDefaultRunsPoints() {
    assertThat(new ExperimentSettings("replication", "smoke").reportDirName())
        .isEqualTo("experiment-replication-smoke");
    assertThat(new ExperimentSettings("replication", "default").reportDirName()).isEqualTo("experiment-replication");
  }
}
