package dev.perflab.harness.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.experiment.grid.CostModel;
import dev.perflab.harness.experiment.grid.LimitsGridSpec;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.load.LoadModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Experiment files are read as strictly as the catalog: every error names the file, the line and the field. */
class ExperimentLoaderTest {

  private static final Path BUNDLED = Path.of("../experiments");
  private static final Catalog CATALOG = CatalogLoader.bundled();

  @TempDir
  Path dir;

  @Test
  void everyBundledExperimentLoadsAgainstTheBundledCatalog() throws IOException {
    List<Path> files;
    try (Stream<Path> listed = Files.list(BUNDLED)) {
      files = listed.filter(file -> file.toString().endsWith(".yaml")).toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      ExperimentLoader.Loaded loaded = ExperimentLoader.load(file, CATALOG, BundledKinds.ALL);
      assertThat(loaded.experiment().findings()).as(file.toString()).isNotEmpty();
    }
  }

  @Test
  void anUnknownKeyNamesItsLineAndTheKeysThatExist() throws IOException {
    Path file = write(bundledGrid().replace("      stepSeconds: 2\n", "      stepSeconds: 2\n      stepCount: 2\n"));
    int line = lineOf(bundledGrid(), "      stepSeconds: 2") + 1;

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + line)
        .hasMessageContaining("unknown key 'stepCount'; expected one of");
  }

  @Test
  void aMisspelledKeyIsAMissingOneAtItsMappingWithTheMisspellingNamed() throws IOException {
    Path file = write(bundledGrid().replace("      warmupSeconds: 2\n", "      warmupSecond: 2\n"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + lineOf(bundledGrid(), "    smoke:"))
        .hasMessageContaining("field 'limitsGrid.scales.smoke.warmupSeconds': is missing; it is required")
        .hasMessageContaining("the mapping has unknown key(s) 'warmupSecond' (line "
            + lineOf(bundledGrid(), "      warmupSeconds: 2") + ")");
  }

  @Test
  void anAppTheCatalogLacksIsRefusedAtItsLine() throws IOException {
    Path file = write(bundledGrid().replace("apps: [quarkus]", "apps: [quarkuss]"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + lineOf(bundledGrid(), "apps: [quarkus]"))
        .hasMessageContaining("field 'limitsGrid.scales.smoke.apps'")
        .hasMessageContaining("no app 'quarkuss' in the catalog");
  }

  @Test
  void aFindingTheKindCannotStateIsRefused() throws IOException {
    Path file = write(bundledGrid().replace("id: high-latency-at-high-relative-cpu", "id: latency-is-low"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'findings[1].id'")
        .hasMessageContaining("cannot state 'latency-is-low'");
  }

  @Test
  void aScaleWithoutTheTargetRateIsRefused() throws IOException {
    Path file = write(bundledGrid().replace("ratesPerSecond: [250, 1000]", "ratesPerSecond: [250, 900]"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid'")
        .hasMessageContaining("must include the analysis' targetRatePerSecond 1000");
  }

  @Test
  void aWrongTypeNamesTheField() throws IOException {
    Path file = write(bundledGrid().replace("    repetitions: 1\n      warmupSeconds: 2", "    repetitions: once\n"
        + "      warmupSeconds: 2"));
    String grid = bundledGrid();

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid.scales.smoke.repetitions'");
    assertThat(grid).contains("    repetitions: 1\n      warmupSeconds: 2");
  }

  @Test
  void aKindNoEntryRegistersIsRefusedWithTheKindsThatAre() throws IOException {
    Path file = write(bundledGrid().replace("kind: limits-grid", "kind: limit-grid"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + lineOf(bundledGrid(), "kind: limits-grid"))
        .hasMessageContaining("field 'kind'")
        .hasMessageContaining("no experiment kind 'limit-grid'; the kinds are [limits-grid, cold-start, user-ramp, topology, replication, autoscaling, gate-calibration]");
  }

  @Test
  void aKindLeftOutOrEmptyIsRefusedAtItsLine() throws IOException {
    Path without = write(bundledGrid().replace("kind: limits-grid\n", ""));
    assertThatThrownBy(() -> ExperimentLoader.load(without, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessage(without + ", field 'kind': is missing; it is required");

    Path empty = write(bundledGrid().replace("kind: limits-grid\n", "kind:\n"));
    assertThatThrownBy(() -> ExperimentLoader.load(empty, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessage(empty + " line " + lineOf(bundledGrid(), "kind: limits-grid")
            + ", field 'kind': is missing; it is required");
  }

  @Test
  void aTopLevelKeyNeitherEveryFileNorTheKindHasIsRefusedAtItsLine() throws IOException {
    Path file = write(bundledGrid().replace("\nlimitsGrid:", "\nnotes: x\nlimitsGrid:"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + lineOf(bundledGrid(), "limitsGrid:"))
        .hasMessageContaining("unknown key 'notes'");
  }

  @Test
  void aFileWithoutItsKindsBlockNamesTheBlock() throws IOException {
    String grid = bundledGrid();
    Path file = write(grid.substring(0, grid.indexOf("\nlimitsGrid:") + 1));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid': is missing; it is required");
  }

  @Test
  void aGridFileWrittenBeforeTheKneeFloorLoadsWithNoFloorAndAnyOtherMissingKeyStillFails() throws IOException {
    String grid = bundledGrid();
    String withoutFloor = grid.replaceAll("\n    # or by less than this many ms[^\n]*\n[^\n]*\n    kneeFloorMillis: 1", "");
    assertThat(withoutFloor).doesNotContain("kneeFloorMillis");

    ExperimentLoader.Loaded loaded = ExperimentLoader.load(write(withoutFloor), CATALOG, BundledKinds.ALL);

    assertThat(((LimitsGridSpec) loaded.spec()).analysis().kneeFloorMillis()).isZero();
    assertThatThrownBy(() -> ExperimentLoader.load(write(grid.replace("    sloP99Millis: 20\n", "")), CATALOG,
        BundledKinds.ALL)).isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid.analysis.sloP99Millis': is missing; it is required");
  }

  @Test
  void aGridFileWithoutCostsIsReckonedWithTheThesissPricesAndAGivenCostBlockNeedsEveryKey() throws IOException {
    String grid = bundledGrid();
    String withoutCost = grid.replaceAll("  # What a point costs[\\s\\S]*?maxErrorRatio: 0.01\n", "");
    assertThat(withoutCost).doesNotContain("cost:").contains("  scales:");

    LimitsGridSpec bundled = (LimitsGridSpec) ExperimentLoader.load(write(grid), CATALOG, BundledKinds.ALL).spec();
    LimitsGridSpec older = (LimitsGridSpec) ExperimentLoader.load(write(withoutCost), CATALOG, BundledKinds.ALL).spec();

    assertThat(bundled.cost()).isEqualTo(CostModel.THESIS);
    assertThat(older.cost()).isEqualTo(CostModel.THESIS);
    assertThatThrownBy(() -> ExperimentLoader.load(write(grid.replace("    nodeHeadroom: 0.8\n", "")), CATALOG,
        BundledKinds.ALL)).isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid.cost.nodeHeadroom': is missing; it is required");
    assertThatThrownBy(() -> ExperimentLoader.load(write(grid.replace("nodeHeadroom: 0.8", "nodeHeadroom: 1.5")),
        CATALOG, BundledKinds.ALL)).isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("'nodeHeadroom' is the share of a node instances may take");
  }

  @Test
  void theMediaGridIsAFixedCountStaircaseReadAtAConcurrency() throws IOException {
    LimitsGridSpec spec = (LimitsGridSpec) ExperimentLoader.load(BUNDLED.resolve("limits-grid-media.yaml"), CATALOG,
        BundledKinds.ALL).spec();

    assertThat(spec.load()).isEqualTo(LoadModel.FIXED_COUNT);
    assertThat(spec.analysis().targetConcurrency()).isEqualTo(8);
    assertThat(spec.analysis().targetRatePerSecond()).isNull();
    assertThat(spec.scale("smoke").concurrencies()).containsExactly(2, 8);
    assertThat(spec.scale("smoke").ratesPerSecond()).isNull();
  }

  @Test
  void aUsersStaircaseReadsItsPopulationsAndThinkTime() throws IOException {
    LimitsGridSpec spec = (LimitsGridSpec) ExperimentLoader.load(write(usersGrid()), CATALOG, BundledKinds.ALL).spec();

    assertThat(spec.load()).isEqualTo(LoadModel.USERS);
    assertThat(spec.scale("smoke").users()).containsExactly(4, 16);
    assertThat(spec.scale("smoke").thinkTimeMillis()).isEqualTo(50);
    assertThat(spec.scale("smoke").thinkTimeDistribution()).isEqualTo(ClosedModel.ThinkTime.EXPONENTIAL);
    assertThat(spec.analysis().targetLabel()).isEqualTo("concurrency 16");
  }

  @Test
  void aLoadNoDriverHasIsRefusedAtItsLineWithTheLoadsThatExist() throws IOException {
    Path file = write(usersGrid().replace("  load: users\n", "  load: closed\n"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining(file + " line " + lineOf(usersGrid(), "  load: users"))
        .hasMessageContaining("field 'limitsGrid.load'")
        .hasMessageContaining("open").hasMessageContaining("fixed-count").hasMessageContaining("users");
  }

  @Test
  void aScaleWithAnotherLoadsStaircaseIsRefusedWithTheKeysOfItsOwn() throws IOException {
    Path file = write(bundledMedia().replace("      concurrencies: [2, 8]\n", "      ratesPerSecond: [2, 8]\n"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid'")
        .hasMessageContaining("scale 'smoke': a fixed-count staircase states [concurrencies, requestsPerStep,"
            + " stepTimeoutSeconds]; missing [concurrencies]; [ratesPerSecond] belong to another load");
  }

  @Test
  void aClosedGridReadAtARateIsRefusedAndSoAreTwoTargets() throws IOException {
    Path atRate = write(bundledMedia().replace("targetConcurrency: 8", "targetRatePerSecond: 100"));
    assertThatThrownBy(() -> ExperimentLoader.load(atRate, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("a fixed-count staircase is read at a concurrency: give the analysis a"
            + " 'targetConcurrency', not a 'targetRatePerSecond'");

    Path both = write(bundledMedia().replace("targetConcurrency: 8", "targetConcurrency: 8\n    targetRatePerSecond: 100"));
    assertThatThrownBy(() -> ExperimentLoader.load(both, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid.analysis'")
        .hasMessageContaining("give 'targetRatePerSecond' (an open staircase) or 'targetConcurrency' (a closed one),"
            + " not both");
  }

  @Test
  void aTargetConcurrencyNoScaleClimbsToIsRefused() throws IOException {
    Path file = write(bundledMedia().replace("concurrencies: [2, 8]", "concurrencies: [2, 4]"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("scale 'smoke': its steps (concurrency 2, concurrency 4) must include the analysis'"
            + " targetConcurrency 8");
  }

  @Test
  void aFixedCountStepWithoutATimeoutIsRefused() throws IOException {
    Path file = write(bundledMedia().replace("      stepTimeoutSeconds: 20\n", "      stepTimeoutSeconds: 0\n"));

    assertThatThrownBy(() -> ExperimentLoader.load(file, CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("field 'limitsGrid.scales.smoke'")
        .hasMessageContaining("'stepTimeoutSeconds' must be at least 1, got 0");
  }

  @Test
  void aMissingFileSaysWhereExperimentsAreLookedFor() {
    assertThatThrownBy(() -> ExperimentLoader.load(dir.resolve("nope.yaml"), CATALOG, BundledKinds.ALL))
        .isInstanceOf(ConfigFileException.class)
        .hasMessageContaining("no such file");
  }

  private static String bundledGrid() throws IOException {
    return Files.readString(BUNDLED.resolve("limits-grid.yaml"));
  }

  private static String bundledMedia() throws IOException {
    return Files.readString(BUNDLED.resolve("limits-grid-media.yaml"));
  }

  /** The bundled grid driven by closed populations of users, read at 16 users. */
  private static String usersGrid() throws IOException {
    String grid = bundledGrid().replace("  mix: null\n", "  mix: null\n  load: users\n")
        .replace("targetRatePerSecond: 1000", "targetConcurrency: 16")
        .replace("      stepSeconds: 4\n      ratesPerSecond: [250, 500, 1000, 2000]\n",
            "      stepSeconds: 4\n      users: [4, 16, 64]\n      thinkTimeMillis: 50\n      thinkTimeDistribution: exponential\n")
        .replace("      stepSeconds: 2\n      ratesPerSecond: [250, 1000]\n",
            "      stepSeconds: 2\n      users: [4, 16]\n      thinkTimeMillis: 50\n      thinkTimeDistribution: exponential\n");
    assertThat(grid).doesNotContain("ratesPerSecond").doesNotContain("targetRatePerSecond");
    return grid;
  }

  private Path write(String yaml) throws IOException {
    Path file = dir.resolve("experiment.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  /** The 1-based line of the only line holding {@code fragment}. */
  private static int lineOf(String text, String fragment) {
    List<String> lines = List.of(text.split("\n", -1));
    List<Integer> holding = java.util.stream.IntStream.range(0, lines.size())
        .filter(i -> lines.get(i).contains(fragment)).boxed().toList();
    assertThat(holding).as("lines holding '" + fragment + "'").hasSize(1);
    return holding.getFirst() + 1;
  }
}
