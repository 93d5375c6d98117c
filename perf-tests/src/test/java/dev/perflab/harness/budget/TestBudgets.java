package dev.perflab.harness.budget;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.EffectiveLimits;
import dev.perflab.harness.result.ImageInfo;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** One JVM cell at 1 CPU, budgets and results for it, shared by the tests that judge launches against budgets. */
public final class TestBudgets {

  public static final App APP = new App("app", "Framework", "1.0", "framework.version", true, 8080, "/hello",
      Pattern.compile("in (?<millis>\\d+)ms"), "frameworks/app", Map.of("jvm", "perflab/app:1.0-jvm"),
      Map.of("jvm", "target/image"), null, null, List.of(), Map.of(), null);
  public static final ResourceProfile PROFILE = new ResourceProfile("1cpu", CpuLimit.cores(1), 512);
  public static final Cell CELL = new Cell(APP, new Mode("jvm", "JIT", null, null, null, true, List.of()), PROFILE);

  /** 1,000 ms to first OK, 100 MB of image, 200 MB resident after the warm-up; no machine reference. */
  public static final String VALID = """
      gatling: {}
      cells:
        app/jvm/1cpu:
          maxMedianTimeToFirstOkMillis: 1000
          maxImageSizeMegabytes: 100
          maxMedianRssAfterWarmupMegabytes: 200
      """;

  private TestBudgets() {}

  /**
   * A measured result of {@link #CELL} with the given image size, resident memory and times to first OK;
   * the first launch is discarded.
   */
  public static CellResult cellResult(long imageBytes, long rssBytes, double... firstOkMillis) {
    List<LaunchSample> launches = new ArrayList<>();
    for (int i = 0; i < firstOkMillis.length; i++) {
      launches.add(new LaunchSample(i, i == 0, firstOkMillis[i], firstOkMillis[i], firstOkMillis[i], 1.0,
          rssBytes, rssBytes, rssBytes, rssBytes, 1, 1.0, 0, new EffectiveLimits("cgroupv1", 1, 100_000, 100_000, 1),
          "c", "sha256:x", null, null, null));
    }
    return new CellResult(CELL.id(), new ImageInfo("perflab/app:1.0-jvm", "sha256:x", imageBytes, 3), null, launches,
        Outcome.MEASURED);
  }

  /** {@code yaml}'s budgets for {@code cells}, which have no Gatling budgets. */
  public static Budgets parse(String yaml, List<Cell> cells) {
    return Budgets.parse(yaml, "budgets.yaml", cells, List.of(), List.of());
  }
}
