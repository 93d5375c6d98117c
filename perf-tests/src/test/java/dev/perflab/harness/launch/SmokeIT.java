package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.CellResult;
import dev.perflab.harness.result.LaunchSample;
import dev.perflab.harness.result.Outcome;
import dev.perflab.harness.run.Document;
import dev.perflab.harness.run.ReportFiles;
import dev.perflab.harness.run.RunReport;
import dev.perflab.harness.run.StartupPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.testcontainers.DockerClientFactory;

/**
 * One measured launch per app, through the whole measurement path (limits, probe, cgroup and
 * RSS readings, log parsing, report), so a broken path shows up in every build, not only in
 * the perf run. No timing is asserted here: one launch on a shared machine proves nothing.
 */
@Tag("smoke")
class SmokeIT {

  private static final HarnessConfig config = HarnessConfig.load();
  private static final Catalog catalog = CatalogLoader.load(config.catalogFile());
  private static final List<CellResult> results = new ArrayList<>();
  private static Lab lab;

  @BeforeAll
  static void openLab() {
    lab = Lab.open(catalog, config);
  }

  @AfterAll
  static void writeReportAndClose() throws Exception {
    lab.close();
    RunReport report = new RunReport(Document.PERF_RUN,
        EnvironmentRecord.capture(DockerClientFactory.instance().client(), catalog, config.projectDir()),
        "./mvnw verify", List.of(StartupPart.Result.judged(0, 1, results, null, List.of(), Map.of(), Map.of(), catalog.profiles())));
    System.out.println(ReportFiles.write(report, config.reportDir().resolveSibling("smoke-report")));
  }

  @TestFactory
  Stream<DynamicTest> everyAppCanBeMeasured() {
    String profile = catalog.profiles().getFirst().name();
    return catalog.cells().stream()
        .filter(cell -> cell.profile().name().equals(profile))
        .map(cell -> dynamicTest(cell.id(), () -> measureOnce(cell)));
  }

  private static void measureOnce(Cell cell) {
    CellResult result = Launches.measure(lab, cell, 0, 1);
    results.add(result);
    // Native images cannot be built without GraalVM: such a cell is skipped with its reason.
    assumeTrue(!result.outcome().unavailable(), () -> cell.id() + " " + result.outcome().summary());
    assertThat(result.outcome()).as("%s", result.outcome() instanceof Outcome.Failed failed ? failed.describe() : "")
        .isEqualTo(Outcome.MEASURED);
    LaunchSample sample = result.launches().getFirst();
    assertThat(sample.timeToFirstOkMillis()).isPositive();
    assertThat(sample.startedAtToFirstOkMillis()).isPositive().isLessThan(sample.timeToFirstOkMillis());
    if (cell.app().startupLogPattern() != null) {
      assertThat(sample.frameworkReportedStartupMillis()).isPositive();
    } else {
      assertThat(sample.frameworkReportedStartupMillis()).isNull();
    }
    assertThat(sample.cpuSecondsUntilReady()).isPositive();
    assertThat(sample.meanPollIntervalMillis()).isPositive();
    assertThat(sample.rssBytesAtFirstOk()).isPositive();
    assertThat(sample.rssBytesAfterWarmup()).isPositive();
    assertThat(sample.cgroupMemoryBytesAfterWarmup()).isPositive();
    if (cell.mode().jvm()) {
      assertThat(sample.effectiveLimits().memoryLimitBytes()).isEqualTo(cell.profile().memoryBytes());
      // The JVM's own counters, read from its hsperfdata: a start loads thousands of classes; the warm-up adds work.
      assertThat(sample.jvmCountersAtFirstOk().classesLoaded()).isGreaterThan(2_000);
      assertThat(sample.jvmCountersAtFirstOk().classBytes()).isPositive();
      assertThat(sample.jvmCountersAfterWarmup().jitCompiles())
          .isGreaterThan(sample.jvmCountersAtFirstOk().jitCompiles());
      if (cell.mode().aotCache() != null) {
        assertThat(sample.jvmCountersAtFirstOk().classesLoadedFromCds()).as("classes from the AOT cache")
            .isGreaterThan(1_000);
      }
    }
    assertThat(result.image().sizeBytes()).isPositive();
    assertThat(sample.imageId()).as("the image the container ran").isEqualTo(result.image().id());
    assertThat(sample.phases().wallMillis()).isGreaterThan(sample.timeToFirstOkMillis());
    assertThat(sample.phases().warmupMillis()).isPositive();
    if (cell.mode().aotCache() != null) {
      assertThat(sample.aotCacheMappedBytes()).as("AOT cache mapped").isPositive();
      assertThat(result.aotTraining().requests()).isPositive();
      assertThat(result.aotTraining().cacheBytes()).isPositive();
    } else {
      assertThat(sample.aotCacheMappedBytes()).isZero();
    }
  }
}
