package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.experiment.sweep.PointStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A killed grid run resumes from the points it finished ({@link PointStore}), and only under the same setup. */
class PointStoreTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  @TempDir
  Path reportDir;

  @Test
  void aFinishedPointIsFoundAgainWithItsRowsAndSeconds() throws IOException {
    PointStore<GridPoint, GridData> store = store(point -> "setup-a");
    GridData data = new GridData(
        List.of(GridRows.measured(point(0.5, 256), 0, 250), GridRows.measured(point(0.5, 256), 1, 1000)),
        List.of(GridRows.second(point(0.5, 256), 0, 250, 0), GridRows.second(point(0.5, 256), 1, 1000, 0)));

    store.save(point(0.5, 256), data);

    assertThat(store(point -> "setup-a").finished(point(0.5, 256))).contains(data);
    assertThat(store(point -> "setup-a").finished(point(1.0, 256))).isEmpty();
  }

  @Test
  void pointsOfAnotherSetupAreDiscardedAndMeasuredAgain() throws IOException {
    store(point -> "setup-a").save(point(0.5, 256),
        new GridData(List.of(GridRows.measured(point(0.5, 256), 0, 250)), List.of()));
    PointStore<GridPoint, GridData> changed = store(point -> "setup-b");

    changed.discardOtherSetups(List.of(point(0.5, 256)));

    assertThat(changed.finished(point(0.5, 256))).isEmpty();
    assertThat(reportDir.resolve("points")).isEmptyDirectory();
  }

  @Test
  void aNewImageForOneAppRemeasuresThatAppsPointsOnly() throws IOException {
    GridPoint quarkus = point(0.5, 256);
    GridPoint spring = new GridPoint(CATALOG.app("spring-boot"), CATALOG.mode("jvm"), CpuLimit.cores(0.5), 256, 0);
    PointStore<GridPoint, GridData> before = store(point -> point.app().name() + "@image-1");
    before.save(quarkus, new GridData(List.of(GridRows.measured(quarkus, 0, 250)), List.of()));
    before.save(spring, new GridData(List.of(GridRows.measured(spring, 0, 250)), List.of()));
    PointStore<GridPoint, GridData> rebuilt = store(
        point -> point.app().name() + (point.app().name().equals("quarkus") ? "@image-2" : "@image-1"));

    rebuilt.discardOtherSetups(List.of(quarkus, spring));

    assertThat(rebuilt.finished(quarkus)).isEmpty();
    assertThat(rebuilt.finished(spring)).isPresent();
    assertThat(reportDir.resolve("points").resolve(quarkus.fileName())).doesNotExist();
  }

  @Test
  void aFileOfAPointNoLongerOnTheGridIsDiscarded() throws IOException {
    PointStore<GridPoint, GridData> store = store(point -> "setup-a");
    store.save(point(0.25, 128), new GridData(List.of(GridRows.measured(point(0.25, 128), 0, 250)), List.of()));

    store.discardOtherSetups(List.of(point(0.5, 256)));

    assertThat(reportDir.resolve("points")).isEmptyDirectory();
  }

  @Test
  void aHalfWrittenPointIsNotTakenForAFinishedOne() throws IOException {
    PointStore<GridPoint, GridData> store = store(point -> "setup-a");
    Files.createDirectories(reportDir.resolve("points"));
    Files.writeString(reportDir.resolve("points").resolve(point(0.5, 256).fileName()), "{\"fingerprint\":\"setup-a\",\"ro");

    assertThat(store.finished(point(0.5, 256))).isEmpty();
  }

  @Test
  void aPointRecordedBeforeSecondsWereKeptResumesWithNone() throws IOException {
    PointStore<GridPoint, GridData> store = store(point -> "setup-a");
    store.save(point(0.5, 256), new GridData(List.of(GridRows.measured(point(0.5, 256), 0, 250)), List.of()));
    Path file = reportDir.resolve("points").resolve(point(0.5, 256).fileName());
    Files.writeString(file, Files.readString(file).replaceAll(",\\s*\"seconds\"\\s*:\\s*\\[\\s*\\]", ""));

    assertThat(Files.readString(file)).doesNotContain("seconds");
    assertThat(store.finished(point(0.5, 256))).get().extracting(GridData::seconds).asList().isEmpty();
  }

  @Test
  void aPointRecordedUnderAFormerFingerprintResumesAndIsRecordedUnderTodays() throws IOException {
    GridData data = new GridData(List.of(GridRows.measured(point(0.5, 256), 0, 250)), List.of());
    store(point -> "former").save(point(0.5, 256), data);
    PointStore<GridPoint, GridData> today =
        new PointStore<>(reportDir, GridData.class, point -> "today", point -> List.of("former"));

    assertThat(today.finished(point(0.5, 256))).contains(data);
    assertThat(store(point -> "today").finished(point(0.5, 256))).contains(data);
    assertThat(new PointStore<GridPoint, GridData>(reportDir, GridData.class, point -> "other", point -> List.of("former"))
        .finished(point(0.5, 256))).isEmpty();
  }

  private PointStore<GridPoint, GridData> store(Function<GridPoint, String> fingerprint) {
    return new PointStore<>(reportDir, GridData.class, fingerprint);
  }

  private static GridPoint point(double cpus, long memory) {
    return new GridPoint(CATALOG.app("quarkus"), CATALOG.mode("jvm"), CpuLimit.cores(cpus), memory, 0);
  }
}
