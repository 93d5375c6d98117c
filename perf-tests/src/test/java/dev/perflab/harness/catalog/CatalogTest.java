package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CatalogTest {

  private final Catalog catalog = CatalogLoader.bundled();

  @Test
  void everyAppTimesEveryProfileInEveryMode() {
    assertThat(catalog.cells()).extracting(Cell::id).hasSize(3 * 3 * 2).contains(
        "spring-boot/jvm/1cpu-512m", "spring-boot/aot/half-cpu-256m", "spring-boot/native/1cpu-512m",
        "quarkus/jvm/1cpu-512m", "quarkus/aot/1cpu-512m", "quarkus/native/half-cpu-256m",
        "micronaut/jvm/half-cpu-256m", "micronaut/aot/1cpu-512m", "micronaut/native/1cpu-512m");
  }

  @Test
  void versionsAndImageTagsComeFromTheBuild() {
    for (App app : catalog.apps()) {
      assertThat(app.frameworkVersion()).as(app.name()).doesNotContain("${").isNotBlank();
      for (Mode mode : catalog.modes()) {
        assertThat(app.imageFor(mode))
            .isEqualTo("perflab/" + app.name() + ":" + app.frameworkVersion() + "-" + mode.name());
        assertThat(app.artifacts().get(mode.name())).as(app.name() + " artifact in " + mode.name())
            .startsWith("target/").doesNotContain("${");
      }
    }
  }

  @Test
  void aotCachesAreTrainedUnderTheReferenceProfileWithTheCellsFlags() {
    // The image build takes the limits and flags from the parent POM, as this catalog does.
    assertThat(catalog.trainingProfile()).map(ResourceProfile::name).contains("1cpu-512m");
    assertThat(catalog.jvmOptions()).doesNotContain("${");
    Mode aot = catalog.mode("aot");
    assertThat(aot.aotCache()).isEqualTo("/app/app.aot");
    assertThat(aot.buildArguments()).containsExactly("-Dperflab.jvm.skip=true");
  }

  @Test
  void onlyTheNativeModeNeedsATool() {
    assertThat(catalog.modes()).filteredOn(mode -> mode.toolchain() != null)
        .extracting(Mode::name).containsExactly("native");
    assertThat(catalog.mode("native").toolchain()).isEqualTo("native-image");
  }

  @Test
  void profilesAreLimitsTheKernelCanExpress() {
    ResourceProfile halfCpu = catalog.profile("half-cpu-256m");
    assertThat(halfCpu.cpuQuotaMicros()).isEqualTo(50_000);
    assertThat(halfCpu.memoryBytes()).isEqualTo(256L * 1024 * 1024);
    assertThat(catalog.measuredCpuCount()).isEqualTo(1);
  }

  @Test
  void cpusetListsExpandRanges() {
    assertThat(Catalog.cpus("1")).containsExactly(1);
    assertThat(Catalog.cpus("0-2,5")).containsExactly(0, 1, 2, 5);
    assertThat(Catalog.cpus(catalog.harnessCpuset())).doesNotContainAnyElementsOf(Catalog.cpus(catalog.measuredCpuset()));
  }

  @Test
  void everyCellGetsTheSameJvmFlags() {
    assertThat(catalog.jdkJavaOptions()).contains("-XX:MaxRAMPercentage=75");
    assertThat(catalog.jvmFlags()).contains("-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError");
  }
}
