package dev.perflab.harness.budget;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** One JVM cell at 1 CPU and budgets for it, shared by the tests that judge launches against budgets. */
public final class TestBudgets {

  public static final App APP = new App("app", "Framework", "1.0", "framework.version", true, 8080, "/hello",
      Pattern.compile("in (?<millis>\\d+)ms"), "frameworks/app", Map.of("jvm", "perflab/app:1.0-jvm"),
      Map.of("jvm", "target/image"), null, null, List.of());
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

  /** {@code yaml}'s budgets for {@code cells}, which have no Gatling budgets. */
  public static Budgets parse(String yaml, List<Cell> cells) {
    return Budgets.parse(yaml, "budgets.yaml", cells, List.of(), List.of());
  }
}
