package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.experiment.PinnedPointSettings;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The bundled cold starts' points keep the settings they were recorded under: their finished points resume. */
class ColdStartPointSettingsTest {

  @Test
  void everyBundledColdStartsPointSettingsAreThoseRecorded() throws IOException {
    PinnedPointSettings.assertUnchanged(ColdStartSpec.KIND, (loaded, scale) -> ColdStartPlan.toCheck(
        PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG.without(LabService.DOWNSTREAM),
        (ColdStartSpec) loaded.spec(), scale));
  }
}
