package dev.perflab.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.run.HarnessConfig;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How fast the open-model driver can send from its one core, against the fastest cell (Quarkus,
 * JVM mode, on the measured CPU), compared in the same run with wrk (Debian's package, closed
 * loop, pinned to the same core as the driver). The driver's figure is the highest rate it
 * sustained with its lag p99 within the limit and ≥ 99 % of the rate achieved without errors.
 * Written to driver-throughput.md in the report directory.
 */
@Tag("perf")
class DriverThroughputIT {

  private static final RequestMix HELLO =
      RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello, World!"));
  private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

  @Test
  void theDriverSustainsAtLeastTwentyThousandRequestsPerSecondFromOneCore() throws Exception {
    Catalog catalog = CatalogLoader.load();
    HarnessConfig config = HarnessConfig.load();
    Optional<Cell> reference = catalog.cells().stream().filter(c -> c.id().equals("quarkus/jvm/1cpu-512m")).findFirst();
    assumeTrue(reference.isPresent(), "the driver is measured against quarkus/jvm/1cpu-512m, which this run's catalog"
        + " (perflab.catalog) does not have");
    Cell quarkus = reference.get();
    List<String> lines = new ArrayList<>();
    double sustained = 0;
    String wrk;
    try (Lab lab = Lab.open(catalog, config); RunningCell running = lab.launcher().startPinned(quarkus)) {
      InetSocketAddress target = new InetSocketAddress(running.container().networkIp(), quarkus.app().port());
      OpenLoop.run(target, HELLO, 5_000, Duration.ZERO, Duration.ofSeconds(10), 512);
      for (int rate = 10_000; rate <= 80_000; rate += 10_000) {
        LoadResult result = OpenLoop.run(target, HELLO, rate, Duration.ofSeconds(1), Duration.ofSeconds(5), 1024);
        lines.add(String.format(Locale.ROOT, "| %d | %.0f | %d | %.2f | %d | %.2f |", rate, result.achievedRatePerSecond(),
            result.errors(), result.latency().p99Micros() / 1e3, result.generatorLag().p99Micros(),
            result.generatorCpuCores()));
        if (result.generatorLimited() || result.errors() > 0 || result.achievedRatePerSecond() < 0.99 * rate) {
          break;
        }
        sustained = rate;
      }
      wrk = wrk("http://" + target.getHostString() + ":" + target.getPort() + "/hello");
    }
    String report = "# Load driver throughput\n\nquarkus/jvm/1cpu-512m, `GET /hello`, driver and wrk on the harness CPU.\n\n"
        + "| intended /s | achieved /s | errors | p99 ms | driver lag p99 µs | driver CPU cores |\n"
        + "|---:|---:|---:|---:|---:|---:|\n" + String.join("\n", lines) + "\n\nDriver: sustained "
        + Math.round(sustained) + " requests/s. wrk -t1 -c64 -d10s (closed loop): " + wrk + "\n";
    Files.createDirectories(config.reportDir());
    Files.writeString(config.reportDir().resolve("driver-throughput.md"), report);
    System.out.println(report);
    assertThat(sustained).as(report).isGreaterThanOrEqualTo(20_000);
  }

  /** wrk's requests/s against the same endpoint from the same core, or why it did not run. */
  private static String wrk(String url) throws Exception {
    List<String> command = List.of("wrk", "-t1", "-c64", "-d10s", url);
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (java.io.IOException e) {
      return "not run: wrk is not installed (apt-get install wrk)";
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor(60, TimeUnit.SECONDS);
    Matcher rate = WRK_RATE.matcher(output);
    return rate.find() ? rate.group(1) + " requests/s" : "no rate in wrk's output: " + output;
  }
}
