package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.OwnServiceYaml;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A grid reads each catalog profile at the rate its app is driven at: a service's own fixed rate, not
 * the catalog's; where the rate comes from a capacity search, the analysis' target rate.
 */
class LimitsGridResultTest {

  private static final GridAnalysis ANALYSIS = new GridAnalysis(10, 1.0, 300, 40.0, null, 0.8, 0.8, null);

  @Test
  void eachAppsProfilesAreReadAtItsOwnRateOrTheTargetWhereTheRateComesFromCapacity(@TempDir Path dir)
      throws IOException {
    Catalog catalog =
        CatalogLoader.load(Files.writeString(dir.resolve("catalog.yaml"), OwnServiceYaml.slow("[1cpu-512m]", "[]")));

    List<ProfileAtRate> profiles = LimitsGridResult.profilesAtRate(catalog, ANALYSIS);

    assertThat(profiles).filteredOn(profile -> profile.app().equals("slow"))
        .extracting(ProfileAtRate::mode, profile -> profile.profile().name(), ProfileAtRate::ratePerSecond)
        .containsExactlyInAnyOrder(
            tuple("jvm", "1cpu-512m", 40.0),
            tuple("aot", "1cpu-512m", 120.0));
  }

  @Test
  void theProjectsOwnAppsAreReadAtTheCatalogsFixedRate() {
    Catalog catalog = CatalogLoader.bundled();

    List<ProfileAtRate> profiles = LimitsGridResult.profilesAtRate(catalog, ANALYSIS);

    assertThat(profiles).isNotEmpty()
        .allSatisfy(profile -> assertThat(profile.ratePerSecond()).isEqualTo(catalog.load().fixedRatePerSecond()));
  }
}
