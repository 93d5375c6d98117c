package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.GatlingScenario;
import org.junit.jupiter.api.Test;

class GatlingScenariosTest {

  @Test
  void everyCatalogSimulationIsAGatlingSimulation() {
    assertThat(CatalogLoader.bundled().load().gatling())
        .extracting(GatlingScenario::simulation)
        .containsExactly("Steady", "Steady", "Spike", "Stress", "Ramp")
        .allSatisfy(name -> assertThat(GatlingRunner.simulationClass(name)).isNotNull());
    assertThat(CatalogLoader.bundled().load().gatling()).extracting(GatlingScenario::name)
        .containsExactly("Warm-up", "Steady", "Spike", "Stress", "Ramp");
  }

  @Test
  void anUnknownSimulationIsNamed() {
    assertThatThrownBy(() -> GatlingRunner.simulationClass("Soak"))
        .hasMessage("no simulation dev.perflab.gatling.Soak (catalog load.gatling)");
  }
}
