package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.compare.CellPair;
import org.junit.jupiter.api.Test;

class ImageTemplateTest {

  private final Cell quarkusJvm = CatalogLoader.bundled().cells().stream()
      .filter(cell -> cell.id().equals("quarkus/jvm/1cpu-512m")).findFirst().orElseThrow();

  @Test
  void theCatalogTemplateIsTheCatalogsImage() {
    assertThat(quarkusJvm.image(ImageTemplate.CATALOG)).isEqualTo(quarkusJvm.image());
  }

  @Test
  void aBaseBranchUnderAnotherPrefix() {
    String version = quarkusJvm.app().frameworkVersion();
    assertThat(quarkusJvm.image(ImageTemplate.parse("perflab-base/{app}:{version}-{mode}")))
        .isEqualTo("perflab-base/quarkus:" + version + "-jvm");
    assertThat(quarkusJvm.image(ImageTemplate.parse("{image}-slowed"))).isEqualTo(quarkusJvm.image() + "-slowed");
  }

  @Test
  void anUnknownPlaceholderIsNamed() {
    assertThatThrownBy(() -> ImageTemplate.parse("perflab/{application}:{version}"))
        .hasMessageContaining("{application}").hasMessageContaining("{image}, {app}, {mode} and {version}");
  }

  @Test
  void aCellOnAnotherImageKeepsItsIdModeAndProfile() {
    Cell other = quarkusJvm.withImage("perflab-base/quarkus:1-jvm");
    assertThat(other.id()).isEqualTo(quarkusJvm.id());
    assertThat(other.image()).isEqualTo("perflab-base/quarkus:1-jvm");
    assertThat(new CellPair(quarkusJvm, other).cellId()).isEqualTo(quarkusJvm.id());
  }
}
