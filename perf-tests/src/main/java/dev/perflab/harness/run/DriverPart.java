package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.load.DriverThroughput;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.LoadResult;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The load driver's own ceiling, so that a capacity figure is known to be the cell's and not the
 * driver's: it must sustain {@value #TARGET_PER_SECOND} requests/s from its one core against the
 * fastest cell (quarkus/jvm/1cpu-512m), beside wrk's figure on the same core.
 */
public final class DriverPart implements Part {

  static final int TARGET_PER_SECOND = 20_000;
  private static final String REFERENCE_CELL = "quarkus/jvm/1cpu-512m";

  @Override
  public String name() {
    return "driver";
  }

  @Override
  public Duration estimate(RunContext run) {
    return Duration.ofSeconds(40);
  }

  @Override
  public PartResult run(RunContext run) throws InterruptedException {
    Optional<Cell> reference = run.catalog().cells().stream().filter(c -> c.id().equals(REFERENCE_CELL)).findFirst();
    if (reference.isEmpty()) {
      return new Result(null, Check.skipped(CHECK, "the driver is measured against " + REFERENCE_CELL
          + ", which this run's catalog (perflab.catalog) does not have"));
    }
    try (Lab lab = run.openLab()) {
      DriverThroughput throughput = DriverThroughput.measure(lab, reference.get());
      String verdict = String.format(Locale.ROOT, "the driver sustained %.0f requests/s, the target is at least %d",
          throughput.sustainedPerSecond(), TARGET_PER_SECOND);
      return new Result(throughput, throughput.sustainedPerSecond() >= TARGET_PER_SECOND ? Check.passed(CHECK)
          : Check.failed(CHECK, verdict, verdict + "\n" + table(throughput)));
    } catch (CellLaunchException e) {
      return new Result(null, Check.failed(CHECK, e.failure().headline(), e.failure().describe()));
    }
  }

  private static final String CHECK = "driver sustains " + TARGET_PER_SECOND + " requests/s";

  private static String table(DriverThroughput throughput) {
    StringBuilder md = new StringBuilder("## Load driver throughput\n\n" + REFERENCE_CELL + ", `GET /hello`, driver"
        + " and wrk on the harness CPU.\n\n| intended /s | achieved /s | errors | p99 ms | driver lag p99 µs"
        + " | driver CPU cores |\n|---:|---:|---:|---:|---:|---:|\n");
    for (LoadResult step : throughput.steps()) {
      md.append(String.format(Locale.ROOT, "| %.0f | %.0f | %d | %.2f | %d | %.2f |%n", step.intendedRatePerSecond(),
          step.achievedRatePerSecond(), step.errors(), step.latency().p99Micros() / 1e3,
          step.generatorLag().p99Micros(), step.generatorCpuCores()));
    }
    return md.append(String.format(Locale.ROOT, "%nDriver: sustained %.0f requests/s. wrk -t1 -c64 -d10s (closed"
        + " loop): %s%n", throughput.sustainedPerSecond(), throughput.wrk())).toString();
  }

  /** @param throughput null when it could not be measured ({@code check} says why) */
  public record Result(DriverThroughput throughput, Check check) implements PartResult {

    @Override
    public Map<String, Object> json() {
      return throughput == null ? Map.of() : Map.of("driverThroughput", throughput);
    }

    @Override
    public String markdown() {
      return throughput == null ? "" : table(throughput);
    }

    /** The page leaves the driver's ceiling to summary.md. */
    @Override
    public void html(HtmlPage page) {}

    @Override
    public List<Check> checks() {
      return List.of(check);
    }
  }
}
