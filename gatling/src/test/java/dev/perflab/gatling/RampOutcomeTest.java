package dev.perflab.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RampOutcomeTest {

  @Test
  void writtenAsJsonAndReadBack(@TempDir Path directory) throws Exception {
    RampOutcome outcome = new RampOutcome("p95", 389.0, 23.7, new WindowStats(735, 107.0, 0), 100, 1);
    Path file = outcome.write(directory.resolve("outcome"));

    assertThat(file.getFileName().toString()).isEqualTo("ramp-outcome.json");
    assertThat(Files.readString(file)).contains("\"reason\" : \"p95\"", "\"ratePerSecond\" : 389.0");
    assertThat(RampOutcome.read(directory.resolve("outcome"))).isEqualTo(outcome);
    assertThat(outcome.stopped()).isTrue();
  }
}
