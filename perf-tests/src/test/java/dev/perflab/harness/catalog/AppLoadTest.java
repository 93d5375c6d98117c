package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A service's own load settings and profiles: an app's values over the catalog's, a mode's over the
 * app's, each refused with its field when it names something the catalog lacks.
 */
class AppLoadTest {

  private static Catalog catalog(String profiles, String uses) {
    return CatalogLoader.overlay(OwnServiceYaml.slow(profiles, uses), "own.yaml");
  }

  @Test
  void anAppsRatesGoOverTheCatalogsAndAModesOverTheApps() {
    Catalog catalog = catalog("null", "[]");
    LoadSettings bundled = catalog.load();
    Cell jvm = catalog.loadCells().stream().filter(cell -> cell.mode().name().equals("jvm")).findFirst().orElseThrow();
    Cell aot = catalog.loadCells().stream().filter(cell -> cell.mode().name().equals("aot")).findFirst().orElseThrow();

    LoadSettings own = bundled.forCell(jvm);
    assertThat(own.warmupRatePerSecond()).isEqualTo(50);
    assertThat(own.rateFromCapacity()).isTrue();
    assertThat(own.fixedRateShareOfCapacity()).isEqualTo(0.5);
    assertThat(own.maxConnections()).isEqualTo(64);
    assertThat(own.sloP99Millis()).isEqualTo(300);
    assertThat(own.capacityMaxRatePerSecond()).isEqualTo(bundled.capacityMaxRatePerSecond());
    assertThat(own.measureSeconds()).isEqualTo(bundled.measureSeconds());

    LoadSettings aotOwn = bundled.forCell(aot);
    assertThat(aotOwn.rateFromCapacity()).as("a mode's fixed rate replaces the app's share").isFalse();
    assertThat(aotOwn.fixedRatePerSecond()).isEqualTo(120);
    assertThat(aotOwn.capacityMaxRatePerSecond()).isEqualTo(900);
    assertThat(aotOwn.warmupRatePerSecond()).isEqualTo(50);
    assertThat(aotOwn.withFixedRate(77).fixedRatePerSecond()).isEqualTo(77);
  }

  @Test
  void anAppMeasuredUnderSomeProfilesHasCellsOnlyThereAndIsDrivenUnderItsFirst() {
    Catalog catalog = catalog("[half-cpu-256m]", "[]");

    assertThat(catalog.cells()).extracting(Cell::id).containsExactly("slow/jvm/half-cpu-256m", "slow/aot/half-cpu-256m");
    assertThat(catalog.loadCells()).extracting(Cell::id)
        .containsExactly("slow/jvm/half-cpu-256m", "slow/aot/half-cpu-256m");
  }

  @Test
  void theLabStartsOnlyWhatAnAppUses() {
    assertThat(catalog("null", "[]").uses(LabService.DATABASE)).isFalse();
    assertThat(catalog("null", "[]").uses(LabService.DOWNSTREAM)).isFalse();
    Catalog withDatabase = catalog("null", "[database]");
    assertThat(withDatabase.uses(LabService.DATABASE)).isTrue();
    assertThat(withDatabase.uses(LabService.DOWNSTREAM)).isFalse();
    assertThat(CatalogLoader.bundled().uses(LabService.DOWNSTREAM)).isTrue();
  }

  @Test
  void aProfileTheCatalogLacksIsRefusedWithItsField() {
    assertThatThrownBy(() -> catalog("[2cpu-1g]", "[]"))
        .hasMessageContaining("apps[0].profiles: no profile '2cpu-1g'; profiles are [1cpu-512m, half-cpu-256m]");
  }

  @Test
  void anUnknownLabServiceIsRefusedWithItsField() {
    assertThatThrownBy(() -> catalog("null", "[redis]"))
        .hasMessage("own.yaml line 25, field 'apps[0].uses[0]': expected one of [database, downstream], got 'redis'");
  }

  @Test
  void aFixedRateAndAShareOfCapacityTogetherAreRefused() {
    String both = OwnServiceYaml.slow("null", "[]")
        .replace("fixedRatePerSecond: null\n", "fixedRatePerSecond: 100\n");
    assertThatThrownBy(() -> CatalogLoader.overlay(both, "own.yaml"))
        .hasMessageContaining("give 'fixedRatePerSecond' or 'fixedRateShareOfCapacity', not both");
  }
}
