package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.LabService;
import dev.perflab.harness.experiment.PinnedPointSettings;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bundled topologies' points keep the settings they were recorded under: their finished points resume. */
class TopologyPointSettingsTest {

  @Test
  void everyBundledTopologysPointSettingsAreThoseRecorded() throws IOException {
    PinnedPointSettings.assertUnchanged(TopologySpec.KIND, (loaded, scale) -> TopologyPlan.toCheck(
        PinnedPointSettings.EVERY_IMAGE,
        PinnedPointSettings.CATALOG.without(LabService.DATABASE).without(LabService.DOWNSTREAM),
        (TopologySpec) loaded.spec(), scale, List.of()));
  }
}
