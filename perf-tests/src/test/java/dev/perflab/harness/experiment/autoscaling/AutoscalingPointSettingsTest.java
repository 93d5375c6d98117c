package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.PinnedPointSettings;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bundled autoscaling experiment's points keep the settings they were recorded under: finished runs resume. */
class AutoscalingPointSettingsTest {

  @Test
  void everyBundledAutoscalingPointsSettingsAreThoseRecorded() throws IOException {
    PinnedPointSettings.assertUnchanged(AutoscalingSpec.KIND, (loaded, scale) -> AutoscalingPlan.toCheck(
        PinnedPointSettings.EVERY_IMAGE, PinnedPointSettings.CATALOG, (AutoscalingSpec) loaded.spec(), scale,
        List.of()));
  }
}
