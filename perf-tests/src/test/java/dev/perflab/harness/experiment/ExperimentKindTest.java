package dev.perflab.harness.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.experiment.grid.LimitsGridSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kind added in test code ({@link EchoSpec}: one class, one entry) is read from its file, runs
 * through the shared sweep, writes its dataset after each point and resumes a killed run; what a
 * point measures, not the rest of its file, decides whether it is measured again.
 */
class ExperimentKindTest {

  private static final Catalog CATALOG = CatalogLoader.bundled();
  private static final ExperimentKinds KINDS = new ExperimentKinds(List.of(LimitsGridSpec.KIND, EchoSpec.KIND));
  private static final String FILE = """
      kind: echo
      title: Echo
      study:
        title: None
        reference: none
        rerun: nothing
      findings:
        - id: echoes
          claim: every point answers
      echo:
        multiplier: 10
        scales:
          smoke: 4
      """;

  @TempDir
  Path dir;

  @BeforeEach
  void reset() {
    EchoSpec.MEASURED.set(0);
  }

  @Test
  void runsThroughTheSweepAndWritesTheDatasetItDeclares() throws IOException, InterruptedException {
    ExperimentResult result = run(FILE);

    assertThat(EchoSpec.MEASURED).hasValue(4);
    assertThat(result.json()).containsEntry("points", 4).containsEntry("resumedPoints", 0);
    assertThat(EchoSpec.KIND.datasetFiles()).allSatisfy(file -> assertThat(dir.resolve("report").resolve(file)).exists());
    assertThat(Files.readAllLines(dir.resolve("report/echo.csv"))).containsExactly("value", "0", "10", "20", "30");
  }

  @Test
  void aKilledRunResumesMeasuringOnlyThePointsItDidNotFinish() throws IOException, InterruptedException {
    run(FILE);
    Files.delete(dir.resolve("report/points/echo-2.json"));
    EchoSpec.MEASURED.set(0);

    ExperimentResult again = run(FILE);

    assertThat(EchoSpec.MEASURED).hasValue(1);
    assertThat(again.json()).containsEntry("resumedPoints", 3);
    assertThat(Files.readAllLines(dir.resolve("report/echo.csv"))).containsExactly("value", "0", "10", "20", "30");
  }

  @Test
  void aRunIsFinishedOnlyWhenEveryPointIsStoredUnderTheSetupItHasNow() throws IOException, InterruptedException {
    assertThat(finished(FILE)).as("before any run").isFalse();
    run(FILE);

    assertThat(finished(FILE)).as("after a run").isTrue();
    assertThat(finished(FILE.replace("multiplier: 10", "multiplier: 3"))).as("with a changed setting").isFalse();
    Files.delete(dir.resolve("report/points/echo-2.json"));
    assertThat(finished(FILE)).as("with a point missing").isFalse();
  }

  @Test
  void anEditedTitleOrCommentKeepsThePointsAChangedSettingMeasuresThemAgain() throws IOException, InterruptedException {
    run(FILE);
    EchoSpec.MEASURED.set(0);

    run("# a comment\n" + FILE.replace("title: Echo", "title: Echo, renamed"));
    assertThat(EchoSpec.MEASURED).hasValue(0);

    run(FILE.replace("multiplier: 10", "multiplier: 3"));
    assertThat(EchoSpec.MEASURED).hasValue(4);
    assertThat(Files.readAllLines(dir.resolve("report/echo.csv"))).containsExactly("value", "0", "3", "6", "9");
  }

  @Test
  void aFileOfTheKindIsReadAsStrictlyAsAnyOther() throws IOException {
    Path file = Files.writeString(dir.resolve("echo.yaml"), FILE.replace("multiplier: 10", "multiplier: ten"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, KINDS))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line 11")
        .hasMessageContaining("field 'echo.multiplier'");
    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, new ExperimentKinds(List.of(LimitsGridSpec.KIND))))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("no experiment kind 'echo'; the kinds are [limits-grid]");
  }

  private ExperimentResult run(String yaml) throws IOException, InterruptedException {
    ExperimentRun run = experimentRun(yaml);
    return run.loaded().spec().run(run);
  }

  private boolean finished(String yaml) throws IOException {
    ExperimentRun run = experimentRun(yaml);
    return run.loaded().spec().finished(run);
  }

  private ExperimentRun experimentRun(String yaml) throws IOException {
    Path file = Files.writeString(dir.resolve("echo.yaml"), yaml);
    ExperimentLoader.Loaded loaded = ExperimentLoader.load(file, CATALOG, KINDS);
    return new ExperimentRun(loaded, "smoke", CATALOG, null, dir.resolve("report"), "Environment: a test",
        "./mvnw -Pperf verify -Dperflab.experiment=" + file);
  }
}
