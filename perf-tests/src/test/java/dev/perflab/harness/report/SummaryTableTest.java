package dev.perflab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.budget.Breach;
import dev.perflab.harness.budget.Budget;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.CellFailure;
import dev.perflab.harness.measure.EffectiveLimits;
import dev.perflab.harness.measure.ImageInfo;
import dev.perflab.harness.measure.LaunchSample;
import dev.perflab.harness.run.CellResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

  private static final ImageInfo IMAGE = new ImageInfo("perflab/a:1-jvm", "sha256:1", 120_000_000, 4);
  private static final Budget BUDGET = new Budget(3000, 150, 300);

  @Test
  void oneRowPerCellWithVerdictsFailuresAndEnvironment() {
    CellResult fast = new CellResult("a/jvm/1cpu", IMAGE, launches(2100, 2000, 2200, 1900), null);
    CellResult slow = new CellResult("b/jvm/1cpu", IMAGE, launches(4000, 3500, 3600), null);
    CellFailure oom = new CellFailure("c/jvm/1cpu", 0, "start: the container exited before answering 200",
        137L, true, List.of("NOTE: Picked up JDK_JAVA_OPTIONS"));
    CellResult failed = new CellResult("c/jvm/1cpu", IMAGE, List.of(), oom);
    PerfReport report = new PerfReport(environment(), 1, 3, List.of(
        CellReport.of(fast, BUDGET, List.of()),
        CellReport.of(slow, BUDGET, List.of(new Breach("b/jvm/1cpu", "median timeToFirstOkMillis", 3600, 3000, "ms"))),
        CellReport.of(failed, BUDGET, List.of())));

    String md = SummaryTable.render(report);

    assertThat(md).contains("Medians over 3 measured launch(es) per cell, a fresh container each, after 1 discarded");
    assertThat(md).contains("| a/jvm/1cpu | 2000 (1900–2200) | 2200 | 7.5 % |");
    assertThat(md).contains("| 120 (4) | within budget |");
    assertThat(md).contains("| b/jvm/1cpu | 3550 (3500–3600) |", "**OVER BUDGET**: median timeToFirstOkMillis");
    assertThat(md).contains("- b/jvm/1cpu: median timeToFirstOkMillis is 3600 ms, over the budget of 3000 ms (+20.0 %)");
    assertThat(md).contains("| c/jvm/1cpu | – | – |", "**FAILED** (see below)", "exit code 137", "OOM killer",
        "| NOTE: Picked up JDK_JAVA_OPTIONS");
    assertThat(md).contains("Docker 20.10.24 (API 1.41, cgroup v1, cgroupfs driver)", "commit 0123456789ab (with uncommitted changes)");
  }

  /** The first value is the discarded warm-up launch. */
  private static List<LaunchSample> launches(double... firstOkMillis) {
    List<LaunchSample> launches = new java.util.ArrayList<>();
    for (int i = 0; i < firstOkMillis.length; i++) {
      launches.add(new LaunchSample(i, i == 0, firstOkMillis[i], firstOkMillis[i] - 200, firstOkMillis[i] - 500,
          1.5, 100_000_000, 80_000_000, 110_000_000, 90_000_000, 100, 1.1,
          new EffectiveLimits("cgroupv1", 1, 100_000, 100_000, 512L << 20), "c" + i));
    }
    return launches;
  }

  private static EnvironmentRecord environment() {
    return new EnvironmentRecord(Instant.EPOCH, "Linux 6.1", "Xeon", 2, 24_000_000_000L, "20.10.24", "1.41", "1",
        "cgroupfs", "25.0.3", "25.0.3", Map.of("Quarkus", "3.37.3"), List.of(new ResourceProfile("1cpu", 1, 512)),
        "1", "0", List.of("-XX:MaxRAMPercentage=75"), "0123456789abcdef", true);
  }
}
