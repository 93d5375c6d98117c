package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.HarnessConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which parts a run has: the short default, the full measurement, or the ones named. */
class PartsTest {

  private static HarnessConfig config(List<String> parts, boolean full) {
    return new HarnessConfig(5, 1000, Duration.ofSeconds(120), null, Path.of("target/r"), Path.of(".."), 2, parts,
        CompareSettings.read(), null, full);
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
}
