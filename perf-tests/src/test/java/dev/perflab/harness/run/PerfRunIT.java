package dev.perflab.harness.run;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.result.Check;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The perf run, or a comparison ({@code -Dperflab.compare=...}), as {@code ./mvnw -Pperf verify}
 * runs it: the runner measures and writes the report, then every verdict is a test of its own, so
 * CI lists each one (a cell's launches, each budgeted metric, each load cell and Gatling run, each
 * build, each compared metric). A failed verdict fails its test with the whole account; one that
 * cannot run here is skipped with the reason.
 */
@Tag("perf")
class PerfRunIT {

  private static RunReport report;

  @BeforeAll
  static void run() throws Exception {
    report = Runner.run(HarnessConfig.load());
  }

  @TestFactory
  Stream<DynamicTest> everyVerdict() {
    return report.checks().stream().map(check -> dynamicTest(check.name(), () -> assertPassed(check)));
  }

  private static void assertPassed(Check check) {
    switch (check.status()) {
      case PASSED -> { }
      case SKIPPED, ADVISORY -> abort(check.detail());
      case FAILED, OVER_BUDGET -> fail(check.detail());
    }
  }
}
