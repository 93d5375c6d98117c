package dev.perflab.harness.report.html;

import dev.perflab.gatling.AssertionResult;
import dev.perflab.gatling.RequestStats;
import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.budget.BudgetDecision;
import dev.perflab.harness.budget.CellReport;
import dev.perflab.harness.budget.MachineFactor;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.LoadSettings;
import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.catalog.TrainingLimits;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.EffectiveLimits;
import dev.perflab.harness.result.GatlingRun;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.result.PercentilePoint;
import dev.perflab.harness.run.Document;
import dev.perflab.harness.run.GatlingPart;
import dev.perflab.harness.run.LoadPart;
import dev.perflab.harness.run.PartResult;
import dev.perflab.harness.run.RunReport;
import dev.perflab.harness.run.StartupPart;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.HdrHistogram.Histogram;

/**
 * A perf run as the page sees one, with seeded noise: three apps in two modes under two profiles
 * (ten launches each, the first discarded), a native cell unavailable, a cell whose failure text
 * holds markup, and three load cells with latency curves, timelines and Gatling runs. Public so
 * that a page can be written for a look in a browser, after {@code ./mvnw -pl perf-tests
 * test-compile dependency:build-classpath -Dmdep.outputFile=cp.txt}, from perf-tests:
 *
 * <pre>{@code
 * jshell --class-path "target/classes:target/test-classes:$(cat cp.txt)"
 * dev.perflab.harness.run.ReportFiles.write(dev.perflab.harness.report.html.ReportFixture.full(),
 *     java.nio.file.Path.of("/tmp/perflab-html"))
 * }</pre>
 */
public final class ReportFixture {

  static final String HOSTILE_REASON = "start: answered 500 <img src=x onerror=alert(1)> & gave up";
  static final List<String> APPS = List.of("spring-boot", "quarkus", "micronaut");
  static final List<String> PROFILES = List.of("1cpu-512m", "half-cpu-256m");
  static final RequestSpec HELLO = new RequestSpec("GET", "/hello", null, null, 200, "Hello");
  static final LoadSettings SETTINGS = new LoadSettings("1cpu-512m", List.of("jvm", "aot"), HELLO, 15, 2000, 500,
      null, 30, 5, 20, 4, 32000, 512, List.of());

  private ReportFixture() {}

  /** Everything: startup, load, Gatling, problems. */
  public static RunReport full() {
    return report(new StartupPart.Result(1, 9, cells(), List.of(), environment().profiles()),
        new LoadPart.Result(SETTINGS, environment().profiles().getFirst(), loads()),
        new GatlingPart.Result(List.of(new CellGatling("quarkus/jvm/1cpu-512m", Outcome.MEASURED, gatling(), null))));
  }

  /** Startup only: no load part ran, nothing failed. */
  public static RunReport startupOnly() {
    List<CellReport> measured = cells().stream().filter(cell -> cell.passed() && !cell.outcome().unavailable()).toList();
    return report(new StartupPart.Result(1, 9, measured, List.of(), environment().profiles()));
  }

  private static RunReport report(PartResult... parts) {
    return new RunReport(Document.PERF_RUN, environment(), "./mvnw -Pperf verify", List.of(parts));
  }

  static List<CellReport> cells() {
    Random random = new Random(7);
    Budget budget = new Budget(8000, 300, 400);
    List<CellReport> cells = new ArrayList<>();
    for (String profile : PROFILES) {
      double slower = profile.startsWith("half") ? 2.1 : 1;
      for (String app : APPS) {
        double base = switch (app) {
          case "spring-boot" -> 2600;
          case "quarkus" -> 1300;
          default -> 1100;
        };
        for (String mode : List.of("jvm", "aot")) {
          double median = base * slower * (mode.equals("aot") ? 0.55 : 1);
          String id = app + "/" + mode + "/" + profile;
          CellResult result = new CellResult(id, image(app, mode), null, launches(random, median, 10), Outcome.MEASURED);
          cells.add(CellReport.judged(result, budget, new MachineFactor(profile, 1000, 1000, 0.01, 5),
              BudgetDecision.WITHIN, List.of()));
        }
      }
      cells.add(CellReport.notJudged(new CellResult("quarkus/native/" + profile, null, null, List.of(),
          Outcome.unavailable("native-image not found (set GRAALVM_HOME)")), budget));
    }
    Outcome.Failed failure = new Outcome.Failed("broken/jvm/half-cpu-256m failed in launch 3", HOSTILE_REASON, 137L,
        true, List.of("Exception in thread \"main\" <boom>"));
    cells.add(CellReport.notJudged(new CellResult("broken/jvm/half-cpu-256m", image("broken", "jvm"), null, List.of(),
        failure), budget));
    return cells;
  }

  private static List<LaunchSample> launches(Random random, double medianMillis, int count) {
    return IntStream.range(0, count).mapToObj(i -> {
      double firstOk = medianMillis * Math.exp(0.06 * random.nextGaussian()) * (i == 0 ? 1.4 : 1);
      return new LaunchSample(i, i == 0, firstOk, firstOk - 180, firstOk - 600, firstOk / 700, 140_000_000L,
          120_000_000L, 180_000_000L, 190_000_000L, 30, 10, 0,
          new EffectiveLimits("cgroupv1", 1, 100_000, 100_000, 512L << 20), "c" + i, "sha256:x", null, null, null);
    }).toList();
  }

  private static ImageInfo image(String app, String mode) {
    return new ImageInfo("perflab/" + app + ":1-" + mode, "sha256:" + app, 160_000_000, 5);
  }

  static List<CellLoad> loads() {
    Random random = new Random(11);
    List<CellLoad> loads = new ArrayList<>();
    double tail = 1;
    for (String app : APPS) {
      for (String mode : List.of("jvm", "aot")) {
        String id = app + "/" + mode + "/1cpu-512m";
        if (mode.equals("aot") && app.equals("micronaut")) {
          loads.add(CellLoad.notDriven(id, SETTINGS, Outcome.unavailable("no AOT image")));
          continue;
        }
        tail *= 1.3;
        LoadResult run = fixedRate(random, 600 + 150 * loads.size(), tail);
        loads.add(new CellLoad(id, SETTINGS, Outcome.MEASURED, run, timeline(random, 120 + 40 * loads.size()),
            new Capacity(20, 9000 + 1000 * loads.size(), 11000.0, false, List.of(), 0), null));
      }
    }
    return loads;
  }

  /** 30 s at 500/s of log-normal latencies with a rare slow tail, recorded as the driver records them. */
  private static LoadResult fixedRate(Random random, double medianMicros, double tail) {
    Histogram all = new Histogram(300_000_000L, 3);
    List<Histogram> windows = new ArrayList<>();
    for (int w = 0; w < 6; w++) {
      Histogram window = new Histogram(300_000_000L, 3);
      for (int i = 0; i < 2_500; i++) {
        double micros = medianMicros * Math.exp(0.35 * random.nextGaussian());
        if (random.nextDouble() < 0.004) {
          micros *= 8 * tail * (1 + random.nextDouble());
        }
        window.recordValue(Math.round(micros));
      }
      all.add(window);
      windows.add(window);
    }
    return new LoadResult(RequestMix.single(HELLO), 500, 30, 15_000, 15_000, 0, 500, LatencySummary.of(all), PercentilePoint.curve(all),
        windows.stream().map(LatencySummary::of).toList(), new LatencySummary(15_000, 60, 50, 80, 80, 200, 600, 1_100),
        0.04, 8, List.of());
  }

  private static List<ContainerSample> timeline(Random random, double rssMegabytes) {
    List<ContainerSample> samples = new ArrayList<>();
    for (int second = 1; second <= 47; second++) {
      boolean warmup = second <= 17;
      double cpu = (warmup ? 0.85 : 0.3) + 0.05 * random.nextGaussian();
      double rss = rssMegabytes + Math.min(second, 20) * 4 + 2 * random.nextGaussian();
      samples.add(new ContainerSample(second * 1000L, Math.max(0, cpu), warmup ? 4 : 0, 10, warmup ? 30 : 0,
          Math.round((rss + 40) * 1e6), Math.round(rss * 1e6)));
    }
    return samples;
  }

  private static List<GatlingRun> gatling() {
    RequestStats global = new RequestStats("all", 60_000, 59_990, 10, 950, 2.1, 1, 2, 4, 9, 180);
    return List.of(
        new GatlingRun("steady", "Steady", 0, "gatling/quarkus_jvm_1cpu-512m/steady/steady-1/index.html", global,
            List.of(global), List.of(new AssertionResult("p99 < 50 ms", true)), null, 20, 75, List.of(), Outcome.MEASURED),
        new GatlingRun("ramp", "Ramp", 2, "gatling/quarkus_jvm_1cpu-512m/ramp/gatling.log", null, List.of(),
            List.of(), null, 5, 12, List.of(), Outcome.Failed.of("Gatling ramp", "Gatling exited with 2\nno report")));
  }

  public static EnvironmentRecord environment() {
    return new EnvironmentRecord(Instant.parse("2026-11-22T10:00:00Z"), "Linux 6.1", "Xeon <test> & co", 2,
        24_000_000_000L, "20.10.24", "1.41", "1", "cgroupfs", "25.0.3", "25.0.3",
        Map.of("Quarkus", "3.37.3", "Spring Boot", "4.1.1", "Micronaut", "5.0.2"),
        List.of(new ResourceProfile("1cpu-512m", CpuLimit.cores(1), 512), new ResourceProfile("half-cpu-256m", CpuLimit.cores(0.5), 256)), "1", "0",
        List.of("-XX:MaxRAMPercentage=75"), new TrainingLimits(100_000, 100_000, 512), "0123456789abcdef", false, null, "local Docker engine", null);
  }
}
