package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.Outcome;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * A cell that cannot start must be reported with what killed it, and must not stop the cells
 * after it. A JVM given 16 MiB is killed by the kernel's OOM killer before it is ready.
 */
@Tag("smoke")
class FailingCellIT {

  @Test
  void anOomKilledCellIsReportedAndTheNextCellStillRuns() {
    Catalog catalog = CatalogLoader.bundled();
    App stub = new App("oom-stub", "JDK HttpServer", "25", "project.version", false, 8080, "/health",
        Pattern.compile("listening in (?<millis>\\d+)ms"), "docker/downstream-stub",
        Map.of("jvm", catalog.downstream().image()), Map.of("jvm", "target/image"), null, null, List.of(), Map.of(), null);
    Cell starved = new Cell(stub, catalog.mode("jvm"), new ResourceProfile("16m", CpuLimit.cores(1.0), 16));
    Cell healthy = catalog.cells().stream().filter(c -> c.id().equals("quarkus/jvm/1cpu-512m")).findFirst().orElseThrow();

    List<CellResult> results;
    try (Lab lab = Lab.open(catalog, HarnessConfig.load())) {
      results = Stream.of(starved, healthy).map(cell -> Launches.measure(lab, cell, Launches.DISCARDED, 1)).toList();
    }

    assertThat(results.get(0).outcome()).isInstanceOf(Outcome.Failed.class);
    Outcome.Failed failure = (Outcome.Failed) results.get(0).outcome();
    assertThat(failure.oomKilled()).isTrue();
    assertThat(failure.exitCode()).isEqualTo(137);
    assertThat(failure.logTail()).anySatisfy(line -> assertThat(line).contains("JDK_JAVA_OPTIONS"));
    assertThat(failure.describe()).contains("oom-stub/jvm/16m failed in launch 0", "OOM killer", "exit code 137");

    assertThat(results.get(1).outcome().failed()).isFalse();
    assertThat(results.get(1).measured()).hasSize(1);

    assertThat(DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec())
        .as("containers of this run left after the lab closed")
        .isEmpty();
  }
}
