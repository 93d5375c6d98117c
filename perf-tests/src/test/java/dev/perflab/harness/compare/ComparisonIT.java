package dev.perflab.harness.compare;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.report.ComparisonReport;
import dev.perflab.harness.run.HarnessConfig;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * A comparison run ({@code -Pperf verify -Dperflab.compare=ab|aa|upgrade|injected-regression}): one
 * test per cell and metric, so CI lists each verdict. A regression fails its test with the figures;
 * an improvement passes and is reported. An experiment (more than one run) is judged by how its
 * verdicts fell: 19 of 20 A/A runs must say no change, 19 of 20 injected regressions must be caught.
 */
@Tag("perf")
class ComparisonIT {

  private static ComparisonReport report;

  @BeforeAll
  static void compare() throws Exception {
    HarnessConfig config = HarnessConfig.load();
    assumeTrue(config.compare().mode() != null, "no comparison asked for (-Dperflab.compare=...)");
    report = CompareRun.run(CatalogLoader.load(), config);
    report.writeTo(config.reportDir());
  }

  @TestFactory
  Stream<DynamicTest> everyCellAndMetricHasAVerdict() {
    boolean experiment = report.runs().size() > 1 || report.mode() == CompareMode.INJECTED_REGRESSION;
    return IntStream.range(0, report.runs().size()).boxed().flatMap(index -> {
      List<CellComparison> run = report.runs().get(index);
      String prefix = report.runs().size() > 1 ? "run " + (index + 1) + " " : "";
      return run.stream().flatMap(cell -> Stream.concat(
          Stream.of(dynamicTest(prefix + cell.cellId() + " launches", () -> {
            assumeTrue(cell.unavailable() == null, () -> "unavailable: " + cell.unavailable());
            if (cell.failure() != null) {
              fail(cell.failure());
            }
          })),
          cell.comparisons().stream().map(c -> dynamicTest(prefix + cell.cellId() + " " + c.metric().key(), () -> {
            if (experiment) {
              return;
            }
            if (c.verdict() == Verdict.REGRESSION) {
              fail(cell.cellId() + " " + c.describe());
            }
            if (report.mode() == CompareMode.AA && c.verdict() != Verdict.NO_CHANGE) {
              fail(cell.cellId() + ": the images compared with themselves gave " + c.verdict() + ": " + c.describe()
                  + ". Something differs between the two sides' launches (drift, a noisy neighbour); gate on this"
                  + " machine only once an A/A run says no change");
            }
          }))));
    });
  }

  @TestFactory
  Stream<DynamicTest> theExperimentMeetsItsTarget() {
    Verdict expected = report.mode() == CompareMode.INJECTED_REGRESSION ? Verdict.REGRESSION
        : report.mode() == CompareMode.AA && report.runs().size() > 1 ? Verdict.NO_CHANGE : null;
    return report.tallies().stream()
        .filter(tally -> expected != null && (expected == Verdict.NO_CHANGE
            || tally.metric() == ComparedMetric.TIME_TO_FIRST_OK_MILLIS))
        .map(tally -> dynamicTest("target " + tally.cellId() + " " + tally.metric().key(), () -> {
          if (!tally.meets(expected)) {
            fail(String.format("%s %s: %d of %d runs said %s, the target is at least %d (regression %d,"
                    + " improvement %d, no change %d)", tally.cellId(), tally.metric().key(), tally.count(expected),
                tally.runs(), expected, tally.required(), tally.regressions(), tally.improvements(), tally.noChanges()));
          }
        }));
  }
}
