package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.result.experiment.GridData;
import dev.perflab.harness.result.experiment.GridRow;
import dev.perflab.harness.result.experiment.GridSecond;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset's CSVs: a header of every measure in the record's order, one line per row, failures quoted whole. */
class GridDatasetTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  @TempDir
  Path dir;

  @Test
  void theCsvHasEveryFieldOfTheRowInOrderAndOneLinePerRow() throws IOException {
    GridPoint point = new GridPoint(CATALOG.app("quarkus"), CATALOG.mode("jvm"), CpuLimit.cores(0.25), 128, 0);
    GridRow died = GridRow.builder("quarkus", "jvm", 0.25, 128, 0).oomKills(1)
        .outcome(GridRow.StepOutcome.DIED_AT_STARTUP).failure("killed, \"OOM\"\nlog line").build();

    GridDataset.write(dir, new GridData(List.of(GridRows.measured(point, 0, 250), died),
        List.of(GridRows.second(point, 0, 250, 0), GridRows.second(point, 0, 250, 1))));

    List<String> lines = Files.readAllLines(dir.resolve(GridDataset.CSV));
    String header = Arrays.stream(GridRow.class.getRecordComponents()).map(RecordComponent::getName)
        .reduce((a, b) -> a + "," + b).orElseThrow();
    assertThat(lines.getFirst()).isEqualTo(header);
    assertThat(lines.get(1)).startsWith("quarkus,jvm,0.25,128,0,3500.0,");
    assertThat(String.join("\n", lines.subList(2, lines.size())))
        .startsWith("quarkus,jvm,0.25,128,0,,,,,,-1,")
        .endsWith(",1,,DIED_AT_STARTUP,\"killed, \"\"OOM\"\"\nlog line\"");
    assertThat(Files.readString(dir.resolve(GridDataset.JSON))).contains("\"outcome\" : \"DIED_AT_STARTUP\"");
    assertThat(Files.readAllLines(dir.resolve(GridDataset.SECONDS_CSV))).containsExactly(
        Arrays.stream(GridSecond.class.getRecordComponents()).map(RecordComponent::getName)
            .reduce((a, b) -> a + "," + b).orElseThrow(),
        "quarkus,jvm,0.25,128,0,0,250.0,0,250,1.1,2.4,3.9,0.35,0.52,0.0",
        "quarkus,jvm,0.25,128,0,0,250.0,1,250,1.1,2.4,3.9,0.35,0.52,0.0");
    assertThat(Files.readString(dir.resolve(GridDataset.SECONDS_JSON))).contains("\"relativeCpu\" : 0.35");
  }
}
