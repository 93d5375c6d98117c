package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.config.ConfigFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A user's catalog laid over the bundled one (perflab.catalog), and a service that is not a framework app. */
class CatalogOverlayTest {

  private static final String OWN_APP = """
      apps:
        - name: own
          framework: my-service
          frameworkVersion: "1.4.2"
          frameworkVersionProperty: null
          contract: false
          port: 9000
          readinessPath: /ready
          # no "started in" line: no frameworkReportedStartupMillis
          startupLogPattern: null
          module: null
          images:
            jvm: me/own:1.4.2
          artifacts: null
          load:
            mix:
              - weight: 3
                request: {method: GET, path: /a, contentType: null, body: null, expectedStatus: 200,
                          expectedBodyContains: ""}
              - weight: 1
                request: {method: POST, path: /b, contentType: application/json, body: "{}", expectedStatus: 201,
                          expectedBodyContains: id}
            warmupRatePerSecond: 100
            fixedRatePerSecond: null
            fixedRateShareOfCapacity: 0.5
            maxConnections: 32
            sloP99Millis: 250
            capacityMaxRatePerSecond: 2000
            byMode: null
          profiles: null
          uses: []
      """;

  private final Catalog bundled = CatalogLoader.bundled();

  @Test
  void eachTopLevelKeyOfTheUserFileReplacesTheBundledOneAndTheRestStays() {
    Catalog catalog = CatalogLoader.overlay(OWN_APP, "own.yaml");

    assertThat(catalog.apps()).extracting(App::name).containsExactly("own");
    assertThat(catalog.modes()).isEqualTo(bundled.modes());
    assertThat(catalog.profiles()).isEqualTo(bundled.profiles());
    assertThat(catalog.load()).isEqualTo(bundled.load());
    assertThat(catalog.jvmOptions()).isEqualTo(bundled.jvmOptions());
  }

  @Test
  void aListIsReplacedWholeNotMergedEntryByEntry() {
    String oneProfile = OWN_APP + """
        profiles:
          - name: 1cpu-512m
            cpus: 1.0
            memoryMebibytes: 512
        """;

    assertThat(CatalogLoader.overlay(oneProfile, "own.yaml").cells()).extracting(Cell::id)
        .containsExactly("own/jvm/1cpu-512m");
  }

  @Test
  void anImageOnlyServiceHasCellsOnlyInItsModesAndNoFrameworkTime() {
    Catalog catalog = CatalogLoader.overlay(OWN_APP, "own.yaml");
    App own = catalog.apps().getFirst();

    assertThat(own.module()).isNull();
    assertThat(own.artifacts()).isNull();
    assertThat(own.startupLogPattern()).isNull();
    assertThat(catalog.cells()).extracting(Cell::id).containsExactly("own/jvm/1cpu-512m", "own/jvm/half-cpu-256m");
    // The bundled load modes are jvm and aot: it has no aot image, so no aot load cell.
    assertThat(catalog.load().modes()).containsExactly("jvm", "aot");
    assertThat(catalog.loadCells()).extracting(Cell::id).containsExactly("own/jvm/1cpu-512m");
    assertThat(catalog.gatlingCells()).isEmpty();
    assertThat(catalog.load().requests(own).toString()).isEqualTo("3× GET /a, 1× POST /b");
  }

  @Test
  void anAppWithoutAMixGetsTheCatalogsOneRequest() {
    App springBoot = bundled.apps().getFirst();

    assertThat(springBoot.load()).isNull();
    assertThat(bundled.load().requests(springBoot)).isEqualTo(RequestMix.single(bundled.load().request()));
    assertThat(bundled.gatlingCells()).isEqualTo(bundled.loadCells()).hasSize(4 * 2);
  }

  @Test
  void aMistakeInTheUserFileNamesThatFileItsLineAndTheField() {
    String typo = OWN_APP.replace("    port: 9000\n", "    port: 9000\n    ports: 9001\n");

    assertThatThrownBy(() -> CatalogLoader.overlay(typo, "own.yaml"))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageStartingWith("own.yaml line 8, field 'apps[0].ports': unknown key 'ports'; expected one of");
  }

  @Test
  void aMissingKeyOfTheUserFileIsNamedWithTheEntryItBelongsTo() {
    String noContract = OWN_APP.replace("    contract: false\n", "");

    assertThatThrownBy(() -> CatalogLoader.overlay(noContract, "own.yaml"))
        .hasMessage("own.yaml line 2, field 'apps[0].contract': is missing; it is required");
  }

  @Test
  void aWrongValueDeepInTheMixIsPlaced() {
    String negativeWeight = OWN_APP.replace("weight: 1\n", "weight: -1\n");

    assertThatThrownBy(() -> CatalogLoader.overlay(negativeWeight, "own.yaml"))
        .hasMessageStartingWith("own.yaml line 20, field 'apps[0].load.mix[1]': 'weight' must be a whole number of at"
            + " least 0, got -1");
  }

  @Test
  void anUnknownTopLevelKeyNamesTheUserFile() {
    assertThatThrownBy(() -> CatalogLoader.overlay(OWN_APP + "profile: []\n", "own.yaml"))
        .hasMessageStartingWith("own.yaml line 32, field 'profile': unknown key 'profile'");
  }

  @Test
  void anImageForAModeTheCatalogLacksIsRefused() {
    String typo = OWN_APP.replace("      jvm: me/own:1.4.2\n", "      jvmm: me/own:1.4.2\n");

    assertThatThrownBy(() -> CatalogLoader.overlay(typo, "own.yaml"))
        .hasMessage("own.yaml (over catalog.yaml): apps[0].images: no mode 'jvmm'; modes are [jvm, aot, native]");
  }

  @Test
  void replacingTheProfilesWithoutTheLoadProfileIsRefusedAtLoad() {
    String otherProfile = OWN_APP + """
        profiles:
          - name: 2cpu-1g
            cpus: 2.0
            memoryMebibytes: 1024
        """;

    assertThatThrownBy(() -> CatalogLoader.overlay(otherProfile, "own.yaml"))
        .hasMessage("own.yaml (over catalog.yaml): load.profile: no profile '1cpu-512m'; profiles are [2cpu-1g]");
  }

  @Test
  void twoAppsOfOneNameAreRefused() {
    String twice = OWN_APP + OWN_APP.substring("apps:\n".length());

    assertThatThrownBy(() -> CatalogLoader.overlay(twice, "own.yaml"))
        .hasMessageEndingWith("apps: every app needs a name of its own, got [own, own]");
  }

  @Test
  void artifactsWithoutAModuleAreRefused() {
    String text = OWN_APP.replace("    artifacts: null\n", "    artifacts: {jvm: target/image}\n");

    assertThatThrownBy(() -> CatalogLoader.overlay(text, "own.yaml"))
        .hasMessageContaining("field 'apps[0]': 'artifacts' must be null without a 'module'");
  }

  @Test
  void aModuleNeedsAnArtifactPerImage() {
    String text = OWN_APP.replace("    module: null\n", "    module: services/own\n");

    assertThatThrownBy(() -> CatalogLoader.overlay(text, "own.yaml"))
        .hasMessageContaining("field 'apps[0]': 'artifacts' must have a value");
  }

  @Test
  void aUserFileThatIsNoMappingIsRefused() {
    assertThatThrownBy(() -> CatalogLoader.overlay("- apps\n", "own.yaml"))
        .hasMessage("own.yaml line 1: expected a mapping of keys at the top, got ARRAY");
    assertThatThrownBy(() -> CatalogLoader.overlay("# nothing yet\n", "own.yaml"))
        .hasMessage("own.yaml: the file is empty");
  }

  @Test
  void theWorkedExampleLoads() {
    Catalog example = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml"));

    assertThat(example.cells()).extracting(Cell::id)
        .containsExactly("downstream-stub/jvm/1cpu-512m", "downstream-stub/jvm/half-cpu-256m");
    assertThat(example.loadCells()).extracting(Cell::id).containsExactly("downstream-stub/jvm/1cpu-512m");
    assertThat(example.load().requests(example.apps().getFirst()).size()).isEqualTo(3);
  }
}
