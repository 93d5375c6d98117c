package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.budget.Breach;
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
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.AotTraining;
import dev.perflab.harness.result.BuildCost;
import dev.perflab.harness.result.Capacity;
import dev.perflab.harness.result.CellGatling;
import dev.perflab.harness.result.CellLoad;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.EffectiveLimits;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.JvmCounters;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.LoadResult;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.run.BuildCostPart;
import dev.perflab.harness.run.Document;
import dev.perflab.harness.run.GatlingPart;
import dev.perflab.harness.run.LoadPart;
import dev.perflab.harness.run.PartResult;
import dev.perflab.harness.run.ReportFiles;
import dev.perflab.harness.run.RunReport;
import dev.perflab.harness.run.StartupPart;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class SummaryTableTest {

  private static final ImageInfo IMAGE = new ImageInfo("perflab/a:1-jvm", "sha256:1", 120_000_000, 4);
  private static final Budget BUDGET = new Budget(3000, 150, 300);
  static final MachineFactor SAME_PACE = new MachineFactor("1cpu", 1000, 1000, 0.01, 5);

  @Test
  void oneRowPerCellWithVerdictsFailuresAndEnvironment() {
    CellResult fast = new CellResult("a/jvm/1cpu", IMAGE, null, launches(2100, 2000, 2200, 1900), Outcome.MEASURED);
    CellResult slow = new CellResult("b/jvm/1cpu", IMAGE, null, launches(4000, 3500, 3600), Outcome.MEASURED);
    Outcome.Failed oom = new Outcome.Failed("c/jvm/1cpu failed in launch 0",
        "start: the container exited before answering 200", 137L, true, List.of("NOTE: Picked up JDK_JAVA_OPTIONS"));
    CellResult failed = new CellResult("c/jvm/1cpu", IMAGE, null, List.of(), oom);
    StartupPart.Result startup = new StartupPart.Result(1, 3, List.of(
        CellReport.judged(fast, BUDGET, SAME_PACE, BudgetDecision.WITHIN, List.of()),
        CellReport.judged(slow, BUDGET, SAME_PACE, BudgetDecision.OVER,
            List.of(new Breach("b/jvm/1cpu", "median timeToFirstOkMillis", 3600, 3000, SAME_PACE, "ms"))),
        CellReport.notJudged(failed, BUDGET)), List.of(), PROFILES);

    String md = summary(startup);

    assertThat(md).contains("Medians over 2 to 3 measured launches per cell (each cell stops once its launches tell on"
        + " which side of its budgets it lies, at most 3), a fresh container each; the first launch of each image is"
        + " measured and discarded (1)");
    // The verdicts come first, before any table.
    assertThat(md.indexOf("**2 verdict(s) failed**")).isPositive().isLessThan(md.indexOf("| cell |"));
    assertThat(md).contains("- **FAILED** c/jvm/1cpu: start: the container exited before answering 200\n",
        "- **OVER BUDGET** b/jvm/1cpu: median timeToFirstOkMillis is 3600 ms");
    assertThat(md).contains("| a/jvm/1cpu | 2000 (1900–2200) | 2200 | 7.5 % |");
    // The JVM's own work at first OK, for the cells that have launches.
    assertThat(md).contains("### The JVM's own work at first OK",
        "| a/jvm/1cpu | 7733 (1392) | 15.5 | 3573 | 2013 | 1250 | 1 (90) | 1 | 12 |");
    assertThat(md.substring(md.indexOf("### The JVM's own work"))).doesNotContain("| c/jvm/1cpu |");
    assertThat(md).contains("| 120 (4) | within budget |");
    assertThat(md).contains("| b/jvm/1cpu | 3550 (3500–3600) |", "**OVER BUDGET**: median timeToFirstOkMillis");
    assertThat(md).contains("- b/jvm/1cpu: median timeToFirstOkMillis is 3600 ms, over the budget of 3000 ms"
        + " (3000 ms × machine factor 1.00) (+20.0 %)");
    // Raw figure, factor and scaled budget side by side, and how many launches each cell needed.
    assertThat(md).contains("### Against the budgets", "| a/jvm/1cpu | 3, decided within | 2000 | 1.00 | 3000 × 1.00 = 3000 |");
    assertThat(md).contains("| c/jvm/1cpu | – | – |", "**FAILED** (see below)", "exit code 137", "OOM killer",
        "| NOTE: Picked up JDK_JAVA_OPTIONS");
    assertThat(md).contains("Docker 20.10.24 (API 1.41, cgroup v1, cgroupfs driver)", "commit 0123456789ab (with uncommitted changes)");
  }

  @Test
  void unavailableCellsAotCachesAndBuildCostsHaveTheirOwnLines() {
    AotTraining training = new AotTraining("a", List.of("java", "-jar", "/app/app.jar"), "-XX:MaxRAMPercentage=75",
        340, 8_000, 6_100, 2_700, 2_200, 52_800_000);
    CellResult aot = new CellResult("a/aot/1cpu", IMAGE, training, launches(1100, 900, 1000), Outcome.MEASURED);
    CellResult nativeCell = new CellResult("a/native/1cpu", null, null, List.of(),
        Outcome.unavailable("native-image not found (set GRAALVM_HOME)"));
    List<BuildCost> costs = List.of(
        new BuildCost("a", "aot", List.of("mvnw"), List.of(30_000L, 34_000L), List.of(50_000L, 52_000L),
            90_000_000, 170_000_000, Outcome.MEASURED),
        BuildCost.unavailable("a", "native", "native-image not found (set GRAALVM_HOME)"));
    StartupPart.Result startup = new StartupPart.Result(1, 2, List.of(
        CellReport.judged(aot, BUDGET, SAME_PACE, BudgetDecision.WITHIN, List.of()), CellReport.notJudged(nativeCell, BUDGET)), List.of(), PROFILES);

    String md = summary(new BuildCostPart.Result(costs), startup);

    assertThat(md).contains("| a/native/1cpu | – |", "| unavailable: native-image not found (set GRAALVM_HOME) |");
    assertThat(md).contains("**Every verdict passed**: 1 cell(s) within their budgets; 1 unavailable on this machine");
    assertThat(md).contains("| a/aot/1cpu | 3 of 3 | 50 | 53 | 340 requests | 8.0 (6.1) | 2.7 (2.2) |");
    assertThat(md).contains("| a | aot | 2 | 32.0 (30.0–34.0) | 51.0 (50.0–52.0) | 90 | 170 |");
    assertThat(md).contains("| a | native | unavailable: native-image not found (set GRAALVM_HOME) |");
  }

  @Test
  void aTimeBreachTheLaunchesLeftUndecidedIsAdvisoryAndFailsNothing() {
    CellResult noisy = new CellResult("b/jvm/1cpu", IMAGE, null, launches(4000, 2500, 3600, 2900, 3300, 3100),
        Outcome.MEASURED);
    Breach overMedian = new Breach("b/jvm/1cpu", "median timeToFirstOkMillis", 3100, 3000, SAME_PACE, "ms");
    StartupPart.Result startup = new StartupPart.Result(1, 5, List.of(
        CellReport.judged(noisy, BUDGET, SAME_PACE, BudgetDecision.UNDECIDED, List.of(overMedian))), List.of(),
        PROFILES);

    String md = summary(startup);

    assertThat(startup.cells().getFirst().breaches()).isEmpty();
    assertThat(startup.cells().getFirst().advisoryBreaches()).containsExactly(overMedian);
    assertThat(md).contains("**Advisory: 1 time budget verdict(s) do not count on this machine**",
        "its launches spread too widely to tell on which side of the scaled budget the median lies", "**Every verdict passed**",
        "| b/jvm/1cpu | 5, undecided: advisory |");
    assertThat(md).doesNotContain("verdict(s) failed");
    // The same breach, once the launches tell it lies over: it counts.
    StartupPart.Result decided = new StartupPart.Result(1, 5, List.of(
        CellReport.judged(noisy, BUDGET, SAME_PACE, BudgetDecision.OVER, List.of(overMedian))), List.of(), PROFILES);
    assertThat(summary(decided)).contains("**1 verdict(s) failed**", "| b/jvm/1cpu | 5, decided over |");
  }

  @Test
  void loadCellsShowLatencyResourcesAndCapacity() {
    RequestSpec hello = new RequestSpec("GET", "/hello", null, null, 200, "Hello");
    LoadSettings settings = new LoadSettings("1cpu", List.of("jvm"), hello, 15, 2000, 500, null, 20, 5, 20, 4, 32000, 512,
        List.of());
    // One stalled window: it sets the whole run's p99 and the windows' high, not their median.
    List<LatencySummary> windows = List.of(window(4_000), window(5_000), window(30_000), window(4_400));
    LoadResult run = new LoadResult(RequestMix.single(hello), 500, 20, 10_000, 10_000, 0, 500,
        new LatencySummary(10_000, 900, 700, 1_200, 1_200, 6_500, 9_000, 12_000), List.of(), windows,
        new LatencySummary(10_000, 80, 70, 90, 90, 300, 900, 1_500), 0.05, 12, List.of());
    List<ContainerSample> timeline = List.of(
        new ContainerSample(17_000, 0.9, 3, 10, 20, 80_000_000, 100_000_000),
        new ContainerSample(18_000, 0.2, 0, 10, 0, 80_000_000, 110_000_000),
        new ContainerSample(19_000, 0.4, 1, 10, 5, 81_000_000, 105_000_000));
    Capacity capacity = new Capacity(20, 12_000, 13_000.0, false, List.of(), 0);
    List<CellLoad> loads = List.of(new CellLoad("a/jvm/1cpu", settings, Outcome.MEASURED, run, timeline, capacity, null),
        CellLoad.notDriven("a/native/1cpu", settings, Outcome.unavailable("native-image not found (set GRAALVM_HOME)")),
        CellLoad.notDriven("b/jvm/1cpu", settings, Outcome.Failed.of("load b/jvm/1cpu",
            "start: the container exited before answering 200")));

    String md = summary(new LoadPart.Result(settings, PROFILES.getFirst(), loads));

    assertThat(md).contains("`GET /hello`, open model: 500 requests/s for 20 s after a 15 s warm-up at 2000/s");
    // The sample at 17 s belongs to the warm-up and the settle; the measured ones average 0.3 cores, 1 of 20 periods throttled.
    assertThat(md).contains("p99: the median of the p99s of 4 consecutive 5 s windows");
    assertThat(md).contains(
        "| a/jvm/1cpu | 500 | 0.70 | 1.20 | 4.70 | 4.00–30.00 | 6.50 | 9.00 | 12.0 | 0 | 0.30 | 5.0 % | 110 | 12000 | 300 |");
    assertThat(md).contains("| a/native/1cpu | unavailable: native-image not found (set GRAALVM_HOME) |");
    assertThat(md).contains("| b/jvm/1cpu | **FAILED** (see below) |", "load b/jvm/1cpu: start: the container exited");
  }

  @Test
  void aCellWarmedAtItsOwnRateIsNotSaidToBeWarmedAtTheCatalogs() {
    RequestSpec hello = new RequestSpec("GET", "/hello", null, null, 200, "Hello");
    LoadSettings catalog = new LoadSettings("1cpu", List.of("jvm"), hello, 15, 2000, 500, null, 20, 5, 20, 4, 32000, 512,
        List.of());
    // As LoadSettings.forCell gives it for an app with load.warmupRatePerSecond: 1000 and nothing else of its own.
    LoadSettings ownWarmup = new LoadSettings("1cpu", List.of("jvm"), hello, 15, 1000, 500, null, 20, 5, 20, 4, 32000,
        512, List.of());
    List<LatencySummary> windows = List.of(window(4_000), window(5_000), window(4_400), window(4_100));
    LoadResult run = new LoadResult(RequestMix.single(hello), 500, 20, 10_000, 10_000, 0, 500,
        new LatencySummary(10_000, 900, 700, 1_200, 1_200, 6_500, 9_000, 12_000), List.of(), windows,
        new LatencySummary(10_000, 80, 70, 90, 90, 300, 900, 1_500), 0.05, 12, List.of());
    CellLoad atCatalogs = new CellLoad("a/jvm/1cpu", catalog, Outcome.MEASURED, run, List.of(), null, null);
    CellLoad atOwn = new CellLoad("own/jvm/1cpu", ownWarmup, Outcome.MEASURED, run, List.of(), null, null);

    RunReport both = report(new LoadPart.Result(catalog, PROFILES.getFirst(), List.of(atCatalogs, atOwn)));
    String md = ReportFiles.summary(both);
    String html = ReportFiles.page(both);

    assertThat(md).contains("open model: 500 requests/s for 20 s after a 15 s warm-up at 1000–2000/s (each cell's own),")
        .doesNotContain("warm-up at 2000/s");
    assertThat(md).contains("- own/jvm/1cpu: fixed rate 500/s, warm-up 1000/s, up to 512 connections")
        .doesNotContain("- a/jvm/1cpu: fixed rate");
    assertThat(html).contains("15 s warm-up at 1000–2000/s (each cell&#39;s own), on profile 1cpu",
        "own settings: fixed rate 500/s, warm-up 1000/s").doesNotContain("warm-up at 2000/s");

    RunReport ownOnly = report(new LoadPart.Result(catalog, PROFILES.getFirst(), List.of(atOwn)));
    assertThat(ReportFiles.summary(ownOnly)).contains("15 s warm-up at 1000/s (the app's own),");
    assertThat(ReportFiles.page(ownOnly)).contains("15 s warm-up at 1000/s (the app&#39;s own), on profile 1cpu");
  }

  @Test
  void aServiceOfOneselfShowsItsMixNoFrameworkTimeAndGatlingSkipped() {
    RequestSpec hello = new RequestSpec("GET", "/hello", null, null, 200, "Hello");
    LoadSettings settings = new LoadSettings("1cpu", List.of("jvm"), hello, 15, 2000, 500, null, 20, 5, 20, 4, 32000, 512,
        List.of());
    RequestMix mix = new RequestMix(List.of(
        new WeightedRequest(3, new RequestSpec("GET", "/health", null, null, 200, "UP")),
        new WeightedRequest(1, new RequestSpec("GET", "/delay?ms=5", null, null, 200, "delayedMs"))));
    List<LatencySummary> windows = List.of(window(4_000), window(5_000), window(4_400), window(4_100));
    LoadResult run = new LoadResult(mix, 500, 20, 10_000, 10_000, 0, 500,
        new LatencySummary(10_000, 900, 700, 1_200, 1_200, 6_500, 9_000, 12_000), List.of(), windows,
        new LatencySummary(10_000, 80, 70, 90, 90, 300, 900, 1_500), 0.05, 12, List.of());
    CellLoad load = new CellLoad("own/jvm/1cpu", settings, Outcome.MEASURED, run, List.of(),
        new Capacity(20, 12_000, 13_000.0, false, List.of(), 0), null);
    CellGatling gatling = CellGatling.skipped("own/jvm/1cpu", "app 'own' has contract: false");
    List<LaunchSample> launches = launches(2100, 2000, 2200).stream()
        .map(l -> new LaunchSample(l.repetition(), l.discarded(), l.timeToFirstOkMillis(), l.startedAtToFirstOkMillis(),
            null, l.cpuSecondsUntilReady(), l.rssBytesAtFirstOk(), l.cgroupMemoryBytesAtFirstOk(), l.rssBytesAfterWarmup(),
            l.cgroupMemoryBytesAfterWarmup(), l.firstOkPollAttempts(), l.meanPollIntervalMillis(), 0, l.effectiveLimits(),
            l.containerId(), l.imageId(), l.phases(), l.jvmCountersAtFirstOk(), l.jvmCountersAfterWarmup()))
        .toList();
    CellResult own = new CellResult("own/jvm/1cpu", IMAGE, null, launches, Outcome.MEASURED);

    String md = summary(new StartupPart.Result(1, 2, List.of(CellReport.judged(own, BUDGET, SAME_PACE, BudgetDecision.WITHIN, List.of())), List.of(),
        PROFILES),
        new LoadPart.Result(settings, PROFILES.getFirst(), List.of(load)), new GatlingPart.Result(List.of(gatling)));

    assertThat(own.statistics()).doesNotContainKey("frameworkReportedStartupMillis").containsKey("timeToFirstOkMillis");
    assertThat(md).contains("| own/jvm/1cpu | 2100 (2000–2200) | 2200 | 6.7 % | 1900 | – | 1.50 |");
    assertThat(md).contains("`GET /hello` (or the app's own request mix, listed below the table), open model");
    assertThat(md).contains("- own/jvm/1cpu: `3× GET /health, 1× GET /delay?ms=5`");
    assertThat(md).contains("| own/jvm/1cpu | – | – | – | – | – | – | – | – | – | skipped: app 'own' has contract: false | |");
  }

  @Test
  void aFigureTheEngineCouldNotReadIsADashNotACrash() {
    // As a cluster's kubelet reports a pod whose runtime gives no RSS, the container's start known only to the second.
    List<LaunchSample> launches = launches(2100, 2000, 2200).stream()
        .map(l -> new LaunchSample(l.repetition(), l.discarded(), l.timeToFirstOkMillis(), null,
            l.frameworkReportedStartupMillis(), l.cpuSecondsUntilReady(), null, null, null, null,
            l.firstOkPollAttempts(), l.meanPollIntervalMillis(), 0, null, l.containerId(), l.imageId(), l.phases(), null,
            null))
        .toList();
    CellResult remote = new CellResult("r/jvm/1cpu", IMAGE, null, launches, Outcome.MEASURED);

    String md = summary(new StartupPart.Result(1, 2, List.of(CellReport.notJudged(remote, BUDGET)), List.of(),
        PROFILES));

    assertThat(remote.statistics()).containsKey("cpuSecondsUntilReady").doesNotContainKey("rssBytesAtFirstOk")
        .doesNotContainKey("startedAtToFirstOkMillis");
    assertThat(md).contains("| r/jvm/1cpu | 2100 (2000–2200) | 2200 | 6.7 % | – | 1600 | 1.50 | – | – | – |");
    assertThat(md).contains("| r/jvm/1cpu | " + JvmCountersTable.NONE_READ + " |");
  }

  /** A JVM's counters at its first OK, as a Quarkus JVM start reads them. */
  private static final JvmCounters COUNTERS = new JvmCounters(7_733, 1_392, 0, 15_502_872, 3_573.1, 2_013, 1_250.4,
      1, 90.4, 1, 90.4, 12);

  private static final List<ResourceProfile> PROFILES = List.of(new ResourceProfile("1cpu", CpuLimit.cores(1), 512));

  /** The summary.md of a perf run of these parts. */
  private static String summary(PartResult... parts) {
    return ReportFiles.summary(report(parts));
  }

  private static RunReport report(PartResult... parts) {
    return new RunReport(Document.PERF_RUN, environment(), "./mvnw -Pperf verify", List.of(parts));
  }

  private static LatencySummary window(long p99Micros) {
    return new LatencySummary(2_500, 900, 700, 1_200, 1_200, p99Micros, p99Micros, p99Micros);
  }

  /** The first value is the discarded warm-up launch. */
  private static List<LaunchSample> launches(double... firstOkMillis) {
    List<LaunchSample> launches = new java.util.ArrayList<>();
    for (int i = 0; i < firstOkMillis.length; i++) {
      launches.add(new LaunchSample(i, i == 0, firstOkMillis[i], firstOkMillis[i] - 200, firstOkMillis[i] - 500,
          1.5, 100_000_000L, 80_000_000L, 110_000_000L, 90_000_000L, 100, 1.1, 50_000_000,
          new EffectiveLimits("cgroupv1", 1, 100_000, 100_000, 512L << 20), "c" + i, "sha256:x", null, COUNTERS, null));
    }
    return launches;
  }

  public static EnvironmentRecord environment() {
    return new EnvironmentRecord(Instant.EPOCH, "Linux 6.1", "Xeon", 2, 24_000_000_000L, "20.10.24", "1.41", "1",
        "cgroupfs", "25.0.3", "25.0.3", Map.of("Quarkus", "3.37.3"), PROFILES,
        "1", "0", List.of("-XX:MaxRAMPercentage=75"), new TrainingLimits(100_000, 100_000, 512), "0123456789abcdef", true, null, null, null);
  }
}
