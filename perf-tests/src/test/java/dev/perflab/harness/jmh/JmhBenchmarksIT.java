package dev.perflab.harness.jmh;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.report.JmhTable;
import dev.perflab.harness.run.HarnessConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.testcontainers.DockerClientFactory;

/**
 * The perf run's JMH part: the startup and request-latency benchmarks over every JVM and AOT
 * cell of the load profile (a mode whose image was not built here is left out). JMH writes its
 * JSON next to results.json; the summary printer merges both into the report.
 */
@Tag("perf")
class JmhBenchmarksIT {

  @Test
  void startupAndRequestLatencyOfEveryCell() throws Exception {
    assumeTrue(HarnessConfig.load().compare().mode() == null, "a comparison run, not the perf run");
    Catalog catalog = CatalogLoader.load();
    HarnessConfig config = HarnessConfig.load();
    // The latency benchmark times contract endpoints (/hello, /cpu): apps without the contract are left out.
    String[] cells = catalog.cells().stream()
        .filter(cell -> cell.app().contract())
        .filter(cell -> cell.profile().name().equals(catalog.load().profile()))
        .filter(cell -> ImageInfo.find(DockerClientFactory.instance().client(), cell.image()).isPresent())
        .map(Cell::id)
        .toArray(String[]::new);
    assumeTrue(cells.length > 0, "no cell of this run's catalog (perflab.catalog) answers the perflab contract"
        + " in the load profile with its image built");
    Path json = config.reportDir().resolve(JmhTable.JSON_FILE);
    Files.createDirectories(json.getParent());
    // JMH's forks get the JVM's command line, not the system properties Failsafe set: the catalog is passed on.
    String[] forkArguments = config.catalogFile() == null ? new String[] {"--enable-native-access=ALL-UNNAMED"}
        : new String[] {"--enable-native-access=ALL-UNNAMED",
            "-Dperflab.catalog=" + config.catalogFile().toAbsolutePath()};
    Options options = new OptionsBuilder()
        .include(StartupBenchmark.class.getName())
        .include(RequestLatencyBenchmark.class.getName())
        .param("cell", cells)
        .jvmArgsAppend(forkArguments)
        .shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON)
        .result(json.toString())
        .build();

    Collection<RunResult> results = new Runner(options).run();

    // Startup: one result per cell; latency: one per cell and path.
    assertThat(results).hasSize(cells.length * 3);
    assertThat(results).extracting(result -> result.getParams().getParam("cell")).containsOnly(cells);
    assertThat(Set.copyOf(Files.readAllLines(json))).isNotEmpty();
  }
}
