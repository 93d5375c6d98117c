package dev.perflab.harness.jmh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The startup and request-latency benchmarks over the given cells, in JMH's own forks, its results
 * written as JSON. The forks get the harness JVM's command line, not its system properties, so the
 * settings they read (the catalog) are passed on.
 */
public final class JmhRun {

  /** Results per cell: one of {@link StartupBenchmark}, one of {@link RequestLatencyBenchmark} per path. */
  public static final int RESULTS_PER_CELL = 3;

  private JmhRun() {}

  public static Collection<RunResult> run(List<String> cellIds, Path catalogFile, Path json) throws RunnerException {
    List<String> forkArguments = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (catalogFile != null) {
      forkArguments.add("-Dperflab.catalog=" + catalogFile.toAbsolutePath());
    }
    Options options = new OptionsBuilder()
        .include(StartupBenchmark.class.getName())
        .include(RequestLatencyBenchmark.class.getName())
        .param("cell", cellIds.toArray(String[]::new))
        .jvmArgsAppend(forkArguments.toArray(String[]::new))
        .shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON)
        .result(json.toString())
        .build();
    return new Runner(options).run();
  }
}
