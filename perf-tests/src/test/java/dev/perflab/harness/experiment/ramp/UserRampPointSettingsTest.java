package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.experiment.PinnedPointSettings;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The bundled user ramps' points keep the settings they were recorded under: their finished points resume. */
class UserRampPointSettingsTest {

  @Test
  void everyBundledRampsPointSettingsAreThoseRecorded() throws IOException {
    PinnedPointSettings.assertUnchanged(UserRampSpec.KIND, (loaded, scale) -> UserRampPlan.toCheck(
        PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG, (UserRampSpec) loaded.spec(), scale,
        CpuLimit.cores(((UserRampSpec) loaded.spec()).cpus())));
  }
}
