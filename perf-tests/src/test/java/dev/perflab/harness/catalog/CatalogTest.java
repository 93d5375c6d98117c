package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CatalogTest {

  private final Catalog catalog = CatalogLoader.load();

  @Test
  void everyAppTimesEveryProfileInJvmMode() {
    assertThat(catalog.cells()).extracting(Cell::id).containsExactly(
        "spring-boot/jvm/1cpu-512m", "spring-boot/jvm/half-cpu-256m",
        "quarkus/jvm/1cpu-512m", "quarkus/jvm/half-cpu-256m",
        "micronaut/jvm/1cpu-512m", "micronaut/jvm/half-cpu-256m");
  }

  @Test
  void versionsAndImageTagsComeFromTheBuild() {
    for (App app : catalog.apps()) {
      assertThat(app.frameworkVersion()).as(app.name()).doesNotContain("${").isNotBlank();
      assertThat(app.imageFor(catalog.mode("jvm")))
          .isEqualTo("perflab/" + app.name() + ":" + app.frameworkVersion() + "-jvm");
    }
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
  }
}
