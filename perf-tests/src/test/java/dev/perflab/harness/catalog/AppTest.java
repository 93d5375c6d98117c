package dev.perflab.harness.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AppTest {

  private static App app(List<LabService> uses) {
    return new App("quarkus", "Quarkus", "3.37.3", "quarkus.platform.version", true, 8080, "/hello", null,
        "frameworks/quarkus", Map.of("jvm", "perflab/quarkus:3.37.3-jvm"), Map.of("jvm", "target/quarkus-app"), null,
        null, uses, Map.of(), null);
  }

  @Test
  void anAppWithoutTheDatabaseUsesTheRestOfTheLabAndIsOtherwiseTheSame() {
    App app = app(List.of(LabService.DATABASE, LabService.DOWNSTREAM));

    App withoutDatabase = app.without(LabService.DATABASE);

    assertThat(withoutDatabase.uses()).containsExactly(LabService.DOWNSTREAM);
    assertThat(withoutDatabase.uses(LabService.DATABASE)).isFalse();
    assertThat(withoutDatabase).usingRecursiveComparison().ignoringFields("uses").isEqualTo(app);
    assertThat(app.uses()).containsExactly(LabService.DATABASE, LabService.DOWNSTREAM);
  }

  @Test
  void withoutAServiceItDoesNotUseIsTheSameApp() {
    App app = app(List.of(LabService.DOWNSTREAM));

    assertThat(app.without(LabService.DATABASE)).isEqualTo(app);
    assertThat(app(List.of()).without(LabService.DOWNSTREAM).uses()).isEmpty();
  }

  /** The blocking app on virtual threads: its own name, the same image, a switch in its environment. */
  @Test
  void aVariantIsTheSameImageUnderItsOwnNameWithMoreEnvironment() {
    App app = app(List.of(LabService.DOWNSTREAM));

    App virtual = app.variant("quarkus-virtual", Map.of("QUARKUS_VIRTUAL", "true"));

    assertThat(virtual.name()).isEqualTo("quarkus-virtual");
    assertThat(virtual.images()).isEqualTo(app.images());
    assertThat(virtual.environment()).containsExactly(Map.entry("QUARKUS_VIRTUAL", "true"));
    assertThat(virtual).usingRecursiveComparison().ignoringFields("name", "environment").isEqualTo(app);
    assertThat(app.environment()).isEmpty();
  }
}
