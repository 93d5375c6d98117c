package dev.perflab.harness.experiment.ramp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.result.Json;
import org.junit.jupiter.api.Test;

/** A scale's ramp as its file writes it: the plateau's two keys, and the settings that decide resumption. */
class RampSettingsTest {

  @Test
  void theFileGivesAPlateauWholeOrNotAtAll() {
    assertThatThrownBy(() -> new RampSettings(10, 20, 4000, 500, 10, 2000, 0.01, 240, 10_000, 500, null))
        .hasMessageContaining("'plateauUsers' and 'plateauSeconds' go together");
    assertThat(new RampSettings(10, 20, 4000, 500, 10, 2000, 0.01, 240, 10_000, 500, 60).model().plateauUsers())
        .isEqualTo(500);
  }

  /** A ramp without a plateau leaves the plateau's keys out of its points' settings. */
  @Test
  void aRampWithoutAPlateauKeepsItsSettings() throws Exception {
    RampSettings none = new RampSettings(10, 20, 4000, 500, 10, 2000, 0.01, 240, 10_000, null, null);

    assertThat(Json.MAPPER.writeValueAsString(none)).doesNotContain("plateau");
    assertThat(Json.MAPPER.writeValueAsString(new RampSettings(10, 20, 4000, 500, 10, 2000, 0.01, 240, 10_000, 500,
        60))).contains("\"plateauUsers\" : 500").contains("\"plateauSeconds\" : 60");
  }
}
