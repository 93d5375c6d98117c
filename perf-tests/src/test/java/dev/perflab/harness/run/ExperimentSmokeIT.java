package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Image;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.CompareSettings;
import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.LocalRegistry;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.testcontainers.DockerClientFactory;

/**
 * Every bundled experiment at its smoke scale, as {@code -Dperflab.experiment=<name>
 * -Dperflab.experiment.scale=smoke} runs it: every dataset file its kind declares, the report and
 * the findings are written, and a second run takes every point from the first (a killed run
 * resumes), measuring none again, nor the machine reference, and keeps the first run's environment;
 * every image tag the run may touch is there afterwards with its image ID (a cold-start run takes tags
 * away for its pulls), and no registry volume is left.
 * What each file's smoke scale says it proves (the comment above it) is asserted of its dataset ({@link SmokeClaims});
 * nothing of the figures: a minute on a shared machine proves the path.
 */
@Tag("smoke")
class ExperimentSmokeIT {

  private static final Path BUNDLED = Path.of("../experiments");

  /**
   * Topologies whose path the other two bundled topologies take already (offloading here, the product catalog here
   * and in the cluster tier): each takes most of a minute, which ./mvnw verify's twenty cannot spare. Their files are
   * loaded and checked against the catalog by the unit tests ({@code ExperimentLoaderTest}); the cluster tier runs
   * them at their smoke scale.
   */
  static final Set<String> SAME_PATH_AS_ANOTHER = Set.of("topology-aggregation", "topology-pipes-and-filters");

  /**
   * Every bundled experiment whose kind runs on the engine this build uses: on the local engine (./mvnw verify), all
   * but those that need a cluster, which the cluster tier runs ({@code ClusterExperimentSmokeIT}), and
   * {@link #SAME_PATH_AS_ANOTHER}.
   */
  static Stream<String> bundledExperiments() throws IOException {
    boolean cluster = EngineSettings.read().engine() == EngineSettings.Engine.KUBERNETES;
    try (Stream<Path> files = Files.list(BUNDLED)) {
      return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".yaml"))
          .map(name -> name.substring(0, name.length() - ".yaml".length()))
          .filter(name -> cluster || (!kindOf(name).needsCluster() && !SAME_PATH_AS_ANOTHER.contains(name)))
          .sorted().toList().stream();
    }
  }

  static ExperimentKind kindOf(String experiment) {
    try {
      return ExperimentLoader.load(BUNDLED.resolve(experiment + ".yaml"), CatalogLoader.bundled(), BundledKinds.ALL)
          .kind();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @ParameterizedTest
  @MethodSource("bundledExperiments")
  void runsAtItsSmokeScaleWritesItsDatasetAndReportAndResumes(String experiment) throws Exception {
    runAtSmokeScale(experiment);
  }

  /** The experiment at its smoke scale twice, the second run resuming every point of the first. */
  static void runAtSmokeScale(String experiment) throws Exception {
    Path reportDir = Path.of("target/smoke-report/experiment-" + experiment);
    deleteRecursively(reportDir);
    HarnessConfig config = config(experiment, reportDir);
    Set<String> touched = tagsTheRunMayTouch(CatalogLoader.load(config.catalogFile()));
    Map<String, String> tagsBefore = imageTags(touched);
    ExperimentKind kind = kindOf(experiment);

    RunReport first = Runner.run(config);

    assertThat(first.checks()).allSatisfy(check -> assertThat(check.broken()).as(check.headline()).isFalse());
    // A failed point is reported and the rest still run; at the smoke scale none may fail.
    assertThat(first.parts()).flatExtracting(PartResult::problems).as("what went wrong in the run").isEmpty();
    assertThat(kind.datasetFiles()).isNotEmpty().allSatisfy(file ->
        assertThat(Files.readAllLines(reportDir.resolve(file))).as(file).hasSizeGreaterThan(1));
    List<String> dataset = Files.readAllLines(reportDir.resolve(kind.datasetFiles().getFirst()));
    JsonNode json = Json.MAPPER.readTree(reportDir.resolve("experiment.json").toFile());
    assertThat(json.path("schema").asText()).isEqualTo("perflab-experiment/1");
    assertThat(json.path("resumedPoints").asInt()).isZero();
    assertThat(Files.readString(reportDir.resolve("summary.md"))).contains("Re-run: `");
    assertThat(reportDir.resolve("index.html")).isNotEmptyFile();
    // What the file's smoke scale says it proves, beyond what every kind is held to here.
    SmokeClaims.assertProven(experiment, reportDir);
    assertNoContainerLeft();
    assertThat(imageTags(touched)).as("the image tags the run may touch, and their IDs, after the run")
        .isEqualTo(tagsBefore);
    assertThat(volumes()).as("volumes").doesNotContain(LocalRegistry.VOLUME);

    RunReport second = Runner.run(config);

    JsonNode resumed = Json.MAPPER.readTree(reportDir.resolve("experiment.json").toFile());
    assertThat(resumed.path("resumedPoints").asInt()).isEqualTo(json.path("points").asInt()).isPositive();
    assertThat(resumed.path("environment")).as("the environment the points were measured in, not measured again")
        .isEqualTo(json.path("environment"));
    assertThat(Files.readAllLines(reportDir.resolve(kind.datasetFiles().getFirst()))).isEqualTo(dataset);
    assertThat(second.checks()).extracting(Check::status).isEqualTo(first.checks().stream().map(Check::status).toList());
  }

  private static HarnessConfig config(String experiment, Path reportDir) {
    HarnessConfig settings = HarnessConfig.load();
    return new HarnessConfig(settings.repetitions(), settings.warmupRequests(), Duration.ofSeconds(120), null, reportDir,
        settings.projectDir(), settings.buildRepetitions(), List.of(), CompareSettings.read(),
        new ExperimentSettings(experiment, "smoke"), settings.catalogFile(), false);
  }

  /**
   * Every image the catalog names (the apps' in every mode, the base, the stub, the database, the registry), and
   * every tag on the engine whose image shares a layer with one of them (the AOT trainer's, a service of one's own
   * built on the base): a cold-start pull takes those away and must bring each back. No other tag: on a shared
   * machine something else may build, tag or remove its own images while the run goes on.
   */
  private static Set<String> tagsTheRunMayTouch(Catalog catalog) {
    Set<String> named = new TreeSet<>(List.of(catalog.baseImage(), catalog.downstream().image(),
        catalog.database().image(), catalog.registry().image()));
    catalog.apps().forEach(app -> named.addAll(app.images().values()));
    DockerClient docker = DockerClientFactory.instance().client();
    List<Image> images = docker.listImagesCmd().exec();
    Map<String, List<String>> layersById = new HashMap<>();
    images.forEach(image -> layersById.put(image.getId(), layers(docker, image.getId())));
    Set<String> namedLayers = new HashSet<>();
    images.stream().filter(image -> tags(image).stream().anyMatch(named::contains))
        .forEach(image -> namedLayers.addAll(layersById.get(image.getId())));
    Set<String> touched = new TreeSet<>(named);
    images.stream().filter(image -> layersById.get(image.getId()).stream().anyMatch(namedLayers::contains))
        .forEach(image -> touched.addAll(tags(image)));
    return touched;
  }

  /** Each of {@code touched} the engine has, with its image's ID. */
  private static Map<String, String> imageTags(Set<String> touched) {
    Map<String, String> tags = new TreeMap<>();
    for (Image image : DockerClientFactory.instance().client().listImagesCmd().exec()) {
      tags(image).stream().filter(touched::contains).forEach(tag -> tags.put(tag, image.getId()));
    }
    return tags;
  }

  private static List<String> tags(Image image) {
    return image.getRepoTags() == null ? List.of()
        : Stream.of(image.getRepoTags()).filter(tag -> !tag.equals("<none>:<none>")).toList();
  }

  /** The image's layers; none if it went while the engine was listed (another build's, then). */
  private static List<String> layers(DockerClient docker, String imageId) {
    try {
      var rootFs = docker.inspectImageCmd(imageId).exec().getRootFS();
      return rootFs == null || rootFs.getLayers() == null ? List.of() : rootFs.getLayers();
    } catch (NotFoundException e) {
      return List.of();
    }
  }

  private static List<String> volumes() {
    var volumes = DockerClientFactory.instance().client().listVolumesCmd().exec().getVolumes();
    return volumes == null ? List.of() : volumes.stream().map(volume -> volume.getName()).toList();
  }

  private static void assertNoContainerLeft() {
    assertThat(DockerClientFactory.instance().client().listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(LabLabels.RUN_KEY, LabLabels.RUN_ID)).exec()).isEmpty();
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
