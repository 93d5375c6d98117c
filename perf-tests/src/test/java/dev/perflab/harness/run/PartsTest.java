package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.Explain;
import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.ImageTemplate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which parts a run has: the short default, the full measurement, or the ones named. */
class PartsTest {

  /** No comparison: settings of its own, not read from the JVM's properties (a comparison run sets them). */
  private static final CompareSettings NO_COMPARISON = new CompareSettings(null, ImageTemplate.CATALOG,
      ImageTemplate.CATALOG, null, List.of(), 5, 1, Map.of(), false, null, null, null, 0.1, false, 3, CompareSettings.DEFAULT_TIME_PER_CELL, Explain.NONE);

  private static HarnessConfig config(List<String> parts, boolean full) {
    return config(parts, full, null);
  }

  private static HarnessConfig config(List<String> parts, boolean full, String experiment) {
    return new HarnessConfig(5, 1000, Duration.ofSeconds(120), null, Path.of("target/r"), Path.of(".."), 2, parts,
        NO_COMPARISON, new ExperimentSettings(experiment, "default"), null, full);
  }

  @Test
  void theDefaultRunIsStartupAndLoad() {
    assertThat(Parts.selected(config(List.of(), false))).extracting(Part::name).containsExactly("startup", "load");
  }

  @Test
  void theFullRunHasEveryPartButTheComparison() {
    assertThat(Parts.selected(config(List.of(), true))).extracting(Part::name)
        .containsExactly("builds", "startup", "load", "gatling", "jmh", "driver");
  }

  @Test
  void namedPartsRunInRegistryOrder() {
    assertThat(Parts.selected(config(List.of("load", "builds"), false))).extracting(Part::name)
        .containsExactly("builds", "load");
  }

  @Test
  void anExperimentRunsAloneAndNeverInTheFullRun() {
    assertThat(Parts.selected(config(List.of(), true, "limits-grid"))).extracting(Part::name)
        .containsExactly("experiment");
    assertThatThrownBy(() -> Parts.selected(config(List.of("startup"), false, "limits-grid")))
        .hasMessageContaining("runs the experiment alone");
    assertThatThrownBy(() -> Parts.selected(config(List.of("experiment"), false)))
        .hasMessageContaining("runs what -Dperflab.experiment names");
  }
}
