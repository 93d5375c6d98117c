package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.environment.ReferenceRuns;
import dev.perflab.harness.report.html.ReportFixture;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A re-run of a finished experiment keeps the environment its points were measured in: the one an
 * earlier run wrote into {@code experiment.json} reads back whole, machine reference included, or not at all.
 */
class ExperimentPartTest {

  @TempDir
  Path dir;

  @Test
  void theEnvironmentAnEarlierRunWroteReadsBackWhole() throws IOException {
    EnvironmentRecord written = ReportFixture.environment()
        .withMachineReference(List.of(new ReferenceRuns("1cpu-512m", List.of(911.0, 924.5), List.of(870.0, 868.2))));
    Path file = dir.resolve("experiment.json");
    Files.writeString(file, Json.MAPPER.writeValueAsString(Map.of("schema", "perflab-experiment/1", "environment",
        written)));

    assertThat(ExperimentPart.recordedEnvironment(file)).contains(written);
  }

  @Test
  void noFileNoEnvironmentOrAnUnreadableOneIsNone() throws IOException {
    assertThat(ExperimentPart.recordedEnvironment(dir.resolve("experiment.json"))).isEmpty();
    assertThat(ExperimentPart.recordedEnvironment(Files.writeString(dir.resolve("a.json"), "{\"schema\": 1}")))
        .isEmpty();
    assertThat(ExperimentPart.recordedEnvironment(Files.writeString(dir.resolve("b.json"),
        "{\"environment\": {\"kernel\": 6}, \"cut off"))).isEmpty();
  }
}
