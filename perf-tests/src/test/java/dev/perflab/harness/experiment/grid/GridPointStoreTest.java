package dev.perflab.harness.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.result.experiment.GridRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A killed grid run resumes from the points it finished, and only under the same setup. */
class GridPointStoreTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();

  @TempDir
  Path reportDir;

  @Test
  void aFinishedPointIsFoundAgainWithItsRows() throws IOException {
    GridPointStore store = new GridPointStore(reportDir, "setup-a");
    List<GridRow> rows = List.of(GridRows.measured(point(0.5, 256), 0, 250), GridRows.measured(point(0.5, 256), 1, 1000));

    store.save(point(0.5, 256), rows);

    assertThat(new GridPointStore(reportDir, "setup-a").finished(point(0.5, 256))).contains(rows);
    assertThat(new GridPointStore(reportDir, "setup-a").finished(point(1.0, 256))).isEmpty();
  }

  @Test
  void pointsOfAnotherSetupAreDiscardedAndMeasuredAgain() throws IOException {
    new GridPointStore(reportDir, "setup-a").save(point(0.5, 256), List.of(GridRows.measured(point(0.5, 256), 0, 250)));
    GridPointStore changed = new GridPointStore(reportDir, "setup-b");

    changed.discardOtherSetups();

    assertThat(changed.finished(point(0.5, 256))).isEmpty();
    assertThat(reportDir.resolve("points")).isEmptyDirectory();
  }

  @Test
  void aHalfWrittenPointIsNotTakenForAFinishedOne() throws IOException {
    GridPointStore store = new GridPointStore(reportDir, "setup-a");
    Files.createDirectories(reportDir.resolve("points"));
    Files.writeString(reportDir.resolve("points").resolve(point(0.5, 256).fileName()), "{\"fingerprint\":\"setup-a\",\"ro");

    assertThat(store.finished(point(0.5, 256))).isEmpty();
  }

  private static GridPoint point(double cpus, long memory) {
    return new GridPoint(CATALOG.app("quarkus"), CATALOG.mode("jvm"), CpuLimit.cores(cpus), memory, 0);
  }
}
