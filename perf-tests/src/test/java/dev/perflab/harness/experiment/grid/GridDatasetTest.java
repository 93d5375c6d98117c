package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.load.LoadModel;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dataset's CSVs: a header of every measure in the record's order, one line per row, failures quoted
 * whole; an open grid's columns as before closed staircases, a closed grid's with its concurrency.
 */
class GridDatasetTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();
  /** dataset.csv's and seconds.csv's columns up to d716c53 and since, for an open grid. */
  private static final String OPEN_ROW_COLUMNS = "app,mode,cpuLimitCores,memoryLimitMebibytes,repetition,"
      + "timeToFirstOkMillis,cpuUntilReadySeconds,jvmMaxHeapBytes,jvmGc,jvmActiveProcessors,step,offeredRatePerSecond,"
      + "achievedRatePerSecond,requests,errors,p50Millis,p95Millis,p99Millis,relativeCpuMean,relativeCpuMax,"
      + "relativeMemoryMean,relativeMemoryMax,throttledPeriodsRatio,throttledMillis,gcPauseShare,driverLagP99Micros,"
      + "oomKills,lastMemoryBytes,outcome,failure";
  private static final String OPEN_SECOND_COLUMNS = "app,mode,cpuLimitCores,memoryLimitMebibytes,repetition,step,"
      + "offeredRatePerSecond,second,answered,p50Millis,p95Millis,p99Millis,relativeCpu,relativeMemory,"
      + "throttledPeriodsRatio";

  @TempDir
  Path dir;

  @Test
  void theCsvHasEveryFieldOfTheRowInOrderAndOneLinePerRow() throws IOException {
    GridPoint point = new GridPoint(CATALOG.app("quarkus"), CATALOG.mode("jvm"), CpuLimit.cores(0.25), 128, 0);
    GridRow died = GridRow.builder("quarkus", "jvm", 0.25, 128, 0).oomKills(1)
        .outcome(GridRow.StepOutcome.DIED_AT_STARTUP).failure("killed, \"OOM\"\nlog line").build();

    GridDataset.write(dir, new GridData(List.of(GridRows.measured(point, 0, 250), died),
        List.of(GridRows.second(point, 0, 250, 0), GridRows.second(point, 0, 250, 1))), LoadModel.OPEN);

    List<String> lines = Files.readAllLines(dir.resolve(GridDataset.CSV));
    assertThat(lines.getFirst()).isEqualTo(OPEN_ROW_COLUMNS);
    assertThat(lines.get(1)).startsWith("quarkus,jvm,0.25,128,0,3500.0,");
    assertThat(String.join("\n", lines.subList(2, lines.size())))
        .startsWith("quarkus,jvm,0.25,128,0,,,,,,-1,")
        .endsWith(",1,,DIED_AT_STARTUP,\"killed, \"\"OOM\"\"\nlog line\"");
    assertThat(Files.readString(dir.resolve(GridDataset.JSON))).contains("\"outcome\" : \"DIED_AT_STARTUP\"");
    assertThat(Files.readString(dir.resolve(GridDataset.JSON))).doesNotContain("concurrency");
    assertThat(Files.readAllLines(dir.resolve(GridDataset.SECONDS_CSV))).containsExactly(OPEN_SECOND_COLUMNS,
        "quarkus,jvm,0.25,128,0,0,250.0,0,250,1.1,2.4,3.9,0.35,0.52,0.0",
        "quarkus,jvm,0.25,128,0,0,250.0,1,250,1.1,2.4,3.9,0.35,0.52,0.0");
    assertThat(Files.readString(dir.resolve(GridDataset.SECONDS_JSON))).contains("\"relativeCpu\" : 0.35")
        .doesNotContain("concurrency");
  }

  @Test
  void aClosedGridsFilesHaveEveryFieldWithItsConcurrencyAndNoRate() throws IOException {
    GridPoint point = new GridPoint(CATALOG.app("quarkus"), CATALOG.mode("jvm"), CpuLimit.cores(1.0), 256, 0);
    GridRow row = Rows.builder(point).step(2).concurrency(16).achievedRatePerSecond(310.0).requests(1000L).errors(0L)
        .p50Millis(40.0).p95Millis(70.0).p99Millis(90.0).outcome(GridRow.StepOutcome.MEASURED).build();
    GridSecond second = new GridSecond("quarkus", "jvm", 1.0, 256, 0, 2, null, 16, 0, 310, 40.0, 70.0, 90.0, 0.9, 0.4,
        0.2);

    GridDataset.write(dir, new GridData(List.of(row), List.of(second)), LoadModel.FIXED_COUNT);

    assertThat(Files.readAllLines(dir.resolve(GridDataset.CSV))).containsExactly(
        names(GridRow.class), "quarkus,jvm,1.0,256,0,,,,,,2,,16,310.0,1000,0,40.0,70.0,90.0,,,,,,,,,0,,MEASURED,");
    assertThat(names(GridRow.class)).isEqualTo(OPEN_ROW_COLUMNS.replace("offeredRatePerSecond,",
        "offeredRatePerSecond,concurrency,"));
    assertThat(Files.readAllLines(dir.resolve(GridDataset.SECONDS_CSV))).containsExactly(
        OPEN_SECOND_COLUMNS.replace("offeredRatePerSecond,", "offeredRatePerSecond,concurrency,"),
        "quarkus,jvm,1.0,256,0,2,,16,0,310,40.0,70.0,90.0,0.9,0.4,0.2");
    assertThat(Files.readString(dir.resolve(GridDataset.JSON))).contains("\"concurrency\" : 16");
  }

  private static String names(Class<? extends Record> type) {
    return String.join(",", Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList());
  }
}
