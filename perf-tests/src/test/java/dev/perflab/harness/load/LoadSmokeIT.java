package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.run.HarnessConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The load path end to end on one real cell, briefly: a pinned container driven at its lab
 * address, sampled from the host, searched for capacity. No latency is asserted: a few seconds
 * on a shared machine prove the path, not a figure.
 */
@Tag("smoke")
class LoadSmokeIT {

  @Test
  void aCellIsDrivenSampledAndSearchedForCapacity() {
    Catalog catalog = CatalogLoader.load();
    Cell cell = catalog.cells().stream().filter(c -> c.id().equals("quarkus/jvm/1cpu-512m")).findFirst().orElseThrow();
    LoadSettings brief = new LoadSettings("1cpu-512m", java.util.List.of("jvm"), catalog.load().request(),
        2, 200, 3, 50, 1, 800, 256);

    CellLoad load;
    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      load = LoadRun.drive(lab, cell, brief);
    }

    assertThat(load.failure()).isNull();
    assertThat(load.fixedRate().sent()).isBetween(590L, 610L);
    assertThat(load.fixedRate().errors()).isZero();
    assertThat(load.fixedRate().latency().count()).isEqualTo(load.fixedRate().completed());
    assertThat(load.timeline()).hasSizeGreaterThanOrEqualTo(4)
        .allSatisfy(sample -> assertThat(sample.cgroupMemoryBytes()).isPositive());
    assertThat(load.meanCpuCores(0)).isPositive().isLessThanOrEqualTo(1.05);
    assertThat(load.capacity().ratePerSecond()).isGreaterThanOrEqualTo(200);
    assertThat(load.capacity().steps()).isNotEmpty();
  }
}
