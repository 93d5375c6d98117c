package dev.perflab.harness.load;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.result.LoadResult;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How fast the open-model driver can send from its one core, against the fastest cell on the
 * measured CPU, compared in the same run with wrk (Debian's package, closed loop, on the same core
 * as the driver). The driver's figure is the highest rate it sustained with its lag p99 within the
 * limit and at least 99 % of the rate achieved without errors.
 *
 * @param steps every rate tried, in order, up to the first the driver did not sustain
 * @param sustainedPerSecond the highest rate it sustained
 * @param wrk wrk's requests/s, or why it did not run
 */
public record DriverThroughput(List<LoadResult> steps, double sustainedPerSecond, String wrk) {

  private static final RequestMix HELLO =
      RequestMix.single(new RequestSpec("GET", "/hello", null, null, 200, "Hello, World!"));
  private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");

  public DriverThroughput {
    steps = List.copyOf(steps);
  }

  /** Steps of 10,000/s from 10,000/s to 80,000/s, after a warm-up, against {@code cell}. */
  public static DriverThroughput measure(Lab lab, Cell cell) throws CellLaunchException, InterruptedException {
    List<LoadResult> steps = new ArrayList<>();
    double sustained = 0;
    try (RunningCell running = lab.launcher().startPinned(cell)) {
      InetSocketAddress target = running.address();
      OpenLoop.run(target, HELLO, 5_000, Duration.ZERO, Duration.ofSeconds(10), 512);
      for (int rate = 10_000; rate <= 80_000; rate += 10_000) {
        LoadResult result = OpenLoop.run(target, HELLO, rate, Duration.ofSeconds(1), Duration.ofSeconds(5), 1024);
        steps.add(result);
        if (result.generatorLimited() || result.errors() > 0 || result.achievedRatePerSecond() < 0.99 * rate) {
          break;
        }
        sustained = rate;
      }
      return new DriverThroughput(steps, sustained,
          wrk("http://" + target.getHostString() + ":" + target.getPort() + "/hello"));
    }
  }

  /** wrk's requests/s against the same endpoint from the same core, or why it did not run. */
  private static String wrk(String url) throws InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(List.of("wrk", "-t1", "-c64", "-d10s", url)).redirectErrorStream(true).start();
    } catch (IOException e) {
      return "not run: wrk is not installed (apt-get install wrk)";
    }
    String output;
    try {
      output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "not run: " + e.getMessage();
    }
    process.waitFor(60, TimeUnit.SECONDS);
    Matcher rate = WRK_RATE.matcher(output);
    return rate.find() ? rate.group(1) + " requests/s" : "no rate in wrk's output: " + output;
  }
}
