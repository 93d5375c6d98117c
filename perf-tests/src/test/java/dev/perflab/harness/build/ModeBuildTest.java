package dev.perflab.harness.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.result.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ModeBuildTest {

  @Test
  void aServiceWithoutAModuleIsReportedAsNotBuiltHereInEachModeItHasAnImageFor() {
    Catalog example = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));

    // No Docker, no Maven: nothing is built or looked up for an image-only service.
    assertThat(new ModeBuild(example, Path.of(".."), Path.of("target"), null).measureAll(2))
        .singleElement()
        .satisfies(cost -> {
          assertThat(cost.app()).isEqualTo("downstream-stub");
          assertThat(cost.mode()).isEqualTo("jvm");
          assertThat(cost.outcome()).isEqualTo(new Outcome.Unavailable(ModeBuild.NOT_BUILT_HERE));
          assertThat(cost.measured()).isFalse();
        });
  }

  @Test
  void anAppsModuleIsBuiltWithTheModulesItDependsOnInThatModeAlone() {
    Catalog catalog = CatalogLoader.bundled();
    App quarkus = catalog.apps().stream().filter(app -> app.name().equals("quarkus")).findFirst().orElseThrow();

    assertThat(new ModeBuild(catalog, Path.of("/src/perflab"), Path.of("target"), null)
        .command(quarkus, catalog.mode("aot")))
        .containsExactly("/src/perflab/mvnw", "--offline", "--batch-mode", "--quiet", "package", "-DskipTests",
            "-Dperflab.image.nocache=true", "--projects", "frameworks/quarkus", "--also-make", "-Dperflab.jvm.skip=true");
  }
}
