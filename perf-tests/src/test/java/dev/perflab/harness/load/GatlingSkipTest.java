package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.CatalogLoader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The Gatling simulations exercise the perflab contract: only apps that answer it are driven by them. */
class GatlingSkipTest {

  @Test
  void aServiceWithoutTheContractIsSkippedWithTheReason() {
    App own = CatalogLoader.load(Path.of("../examples/own-service/catalog.yaml")).apps().getFirst();

    assertThat(GatlingDrive.whySkipped(own)).hasValue("app 'downstream-stub' has contract: false, and the Gatling"
        + " simulations exercise the perflab contract (docs/contract-v1.md, v2) it does not answer");
  }

  @Test
  void theFrameworkAppsAreDrivenByGatling() {
    assertThat(CatalogLoader.bundled().apps()).allSatisfy(app -> assertThat(GatlingDrive.whySkipped(app)).isEmpty());
  }
}
