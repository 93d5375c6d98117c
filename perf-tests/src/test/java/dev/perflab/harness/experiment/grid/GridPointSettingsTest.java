package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.PinnedPointSettings;
import dev.perflab.harness.measure.JvmGcLog;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The bundled grids' points keep the settings they were recorded under: their finished points resume. */
class GridPointSettingsTest {

  @Test
  void everyBundledGridsPointSettingsAreThoseRecorded() throws IOException {
    PinnedPointSettings.assertUnchanged(LimitsGridSpec.KIND, (loaded, scale) -> GridPlan.toCheck(
        PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG.withJvmOption(JvmGcLog.OPTION),
        (LimitsGridSpec) loaded.spec(), scale, loaded.text()));
  }
}
