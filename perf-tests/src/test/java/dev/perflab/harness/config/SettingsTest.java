package dev.perflab.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SettingsTest {

  private static final String NAME = "perflab.settings.test.value";

  @AfterEach
  void clear() {
    System.clearProperty(NAME);
  }

  @Test
  void aSystemPropertyWinsOverTheDefault() {
    assertThat(Settings.get(NAME, Integer::parseInt, 5)).isEqualTo(5);
    System.setProperty(NAME, "10");
    assertThat(Settings.get(NAME, Integer::parseInt, 5)).isEqualTo(10);
  }

  @Test
  void aBlankValueCountsAsUnset() {
    System.setProperty(NAME, " ");
    assertThat(Settings.get(NAME, Integer::parseInt, 5)).isEqualTo(5);
  }

  @Test
  void aValueThatDoesNotParseNamesTheSettingItsVariableAndTheValue() {
    System.setProperty(NAME, "ten");
    assertThatThrownBy(() -> Settings.get(NAME, Integer::parseInt, 5))
        .hasMessageStartingWith("setting perflab.settings.test.value (or PERFLAB_SETTINGS_TEST_VALUE) = 'ten' is not"
            + " valid");
  }

  @Test
  void theRerunCommandCarriesTheSettingsGiven() {
    System.setProperty(NAME, "a b");
    assertThat(Settings.rerun("./mvnw -Pperf verify")).contains("./mvnw -Pperf verify")
        .contains(" -D" + NAME + "='a b'");
  }
}
