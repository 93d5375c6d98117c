package dev.perflab.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.perflab.harness.catalog.CatalogLoader;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.autoscaling.AutoscalingScale;
import dev.perflab.harness.experiment.autoscaling.AutoscalingSpec;
import dev.perflab.harness.experiment.calibration.GateCalibrationSpec;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.experiment.ramp.RampVariantSpec;
import dev.perflab.harness.experiment.ramp.UserRampSpec;
import dev.perflab.harness.experiment.replication.Configuration;
import dev.perflab.harness.experiment.replication.ReplicationSpec;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What each bundled experiment's smoke scale says it proves, in the comment above it in {@code experiments/<name>.yaml},
 * asserted of the dataset and report the smoke run wrote. The kind's own checks (every variant ran, nothing failed,
 * the dataset written, the second run resumes) are {@link ExperimentSmokeIT}'s; these are what each file claims beyond
 * them. Each reads the dataset's CSV files by their columns, as a reader of the report would.
 */
final class SmokeClaims {

  private static final Path BUNDLED = Path.of("../experiments");
  private static final CsvMapper CSV = new CsvMapper();

  /** A smoke scale's claim, asserted of its report folder. */
  @FunctionalInterface
  interface Claim {
    void assertOf(Path reportDir, ExperimentLoader.Loaded loaded) throws IOException;
  }

  /**
   * Per bundled experiment, its smoke scale's claim. The limits grids' comments state their size and time, not a path
   * beyond the kind's checks: nothing more to assert of them.
   */
  static final Map<String, Claim> CLAIMS = Map.ofEntries(
      Map.entry("autoscaling", SmokeClaims::scalesOutAndBackAndIsPriced),
      Map.entry("cold-start", SmokeClaims::launchesEachKindWithTheDatabase),
      Map.entry("gate-calibration", SmokeClaims::judgesEveryMetricOfAnInjectedComparison),
      Map.entry("limits-grid", (reportDir, loaded) -> { }),
      Map.entry("limits-grid-media", (reportDir, loaded) -> { }),
      Map.entry("replication", SmokeClaims::runsCleanThenKilledAndHaproxySawTheKill),
      Map.entry("topology-aggregation", SmokeClaims::measuresBothEndsOfTheMix),
      Map.entry("topology-offloading", SmokeClaims::measuresBothEndsOfTheMix),
      Map.entry("topology-pipes-and-filters", SmokeClaims::measuresBothEndsOfTheMix),
      Map.entry("topology-product-catalog", SmokeClaims::measuresBothEndsOfTheMix),
      Map.entry("user-ramp", SmokeClaims::calibratesTheCpuThenRampsEachVariantWithAPlateauAtIt));

  private SmokeClaims() {}

  /** The claim of {@code experiment}'s smoke scale, asserted of {@code reportDir}. */
  static void assertProven(String experiment, Path reportDir) throws IOException {
    Claim claim = CLAIMS.get(experiment);
    assertThat(claim).as("the smoke claim of " + experiment + ".yaml: add what its smoke scale's comment says it"
        + " proves to SmokeClaims.CLAIMS").isNotNull();
    claim.assertOf(reportDir, ExperimentLoader.load(BUNDLED.resolve(experiment + ".yaml"), CatalogLoader.bundled(),
        BundledKinds.ALL));
  }

  /**
   * autoscaling.yaml: "the autoscaler reads the pods' CPU, scales out and back, the run is priced". Out: a service
   * above the smallest replica count during a burst; back: every service that went above it at the smallest count
   * again, after the last burst ended and before the run's last second; and the design's reach, read from the node,
   * stated before the finding is.
   */
  static void scalesOutAndBackAndIsPriced(Path reportDir, ExperimentLoader.Loaded loaded) throws IOException {
    AutoscalingSpec spec = (AutoscalingSpec) loaded.spec();
    AutoscalingScale scale = spec.scale("smoke");
    scalesOutAndBack(reportDir, scale.phases(), spec.policy(scale).minReplicas());
    assertThat(Files.readString(reportDir.resolve("summary.md"))).as("summary.md").containsPattern(
        "the design can show a cost ratio of at most \\d+\\.\\d\\d: .* CPU free on the node for the set");
  }

  static void scalesOutAndBack(Path reportDir, List<AutoscalingScale.PhaseSpec> phases, int minReplicas)
      throws IOException {
    List<Map<String, String>> replicas = rows(reportDir, "replicas.csv");
    assertThat(replicas).as("replicas.csv").isNotEmpty();
    assertThat(replicas).as("the CPU utilisation the autoscalers read (replicas.csv, cpuPercent)")
        .anySatisfy(row -> assertThat(row.get("cpuPercent")).isNotBlank());
    int at = 0;
    int lastBurstEnd = -1;
    Set<Integer> burstSeconds = new TreeSet<>();
    for (AutoscalingScale.PhaseSpec phase : phases) {
      if (phase.name().equals("burst")) {
        for (int second = at + 1; second <= at + phase.seconds(); second++) {
          burstSeconds.add(second);
        }
        lastBurstEnd = at + phase.seconds();
      }
      at += phase.seconds();
    }
    int lastSecond = replicas.stream().mapToInt(row -> Integer.parseInt(row.get("second"))).max().orElseThrow();
    Set<String> scaledOut = replicas.stream().filter(row -> burstSeconds.contains(Integer.parseInt(row.get("second")))
        && Integer.parseInt(row.get("currentReplicas")) > minReplicas).map(row -> row.get("service"))
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(scaledOut).as("services with more than " + minReplicas + " replica(s) during a burst (replicas.csv):"
        + " none scaled out; the bursts are too small for the autoscalers' target").isNotEmpty();
    for (String service : scaledOut) {
      int endOfBurst = lastBurstEnd;
      Integer backAt = replicas.stream().filter(row -> row.get("service").equals(service))
          .filter(row -> Integer.parseInt(row.get("second")) > endOfBurst)
          .filter(row -> Integer.parseInt(row.get("currentReplicas")) == minReplicas
              && Integer.parseInt(row.get("desiredReplicas")) == minReplicas)
          .map(row -> Integer.parseInt(row.get("second"))).min(Integer::compare).orElse(null);
      assertThat(backAt).as(service + " scaled out during the burst but was not back at " + minReplicas
          + " replica(s) between the last burst's end (second " + lastBurstEnd + ") and the run's last second ("
          + lastSecond + "): the phase after the burst is shorter than the scale-down window, the metrics' delay and"
          + " a sync of the autoscaler").isNotNull();
    }
    assertThat(rows(reportDir, "runs.csv")).as("every run priced (runs.csv, costDollars)").isNotEmpty()
        .allSatisfy(row -> assertThat(Double.parseDouble(row.get("costDollars"))).isPositive());
  }

  /**
   * cold-start.yaml: "one launch of each kind with the database": a counted launch with the database from the cached
   * image and from the pulled one, and the pull fetched layers (none of them was left on the engine).
   */
  static void launchesEachKindWithTheDatabase(Path reportDir, ExperimentLoader.Loaded loaded) throws IOException {
    List<Map<String, String>> counted = rows(reportDir, "launches.csv").stream()
        .filter(row -> row.get("failure").isEmpty() && row.get("discarded").equals("false")).toList();
    for (String image : List.of("cached", "pulled")) {
      assertThat(counted).as("a counted launch of the " + image + " image with the database (launches.csv)")
          .anySatisfy(row -> assertThat(List.of(row.get("image"), row.get("database"))).containsExactly(image, "with"));
    }
    assertThat(counted).as("the pulled launch fetched the image's layers (launches.csv, pulledLayers)")
        .filteredOn(row -> row.get("image").equals("pulled"))
        .allSatisfy(row -> assertThat(Integer.parseInt(row.get("pulledLayers"))).isPositive());
  }

  /**
   * gate-calibration.yaml: "the agent's variant built, both sides launched, every metric judged, the rates and the
   * finding written": an injected comparison between two images, with pairs, a verdict on each metric the file
   * names, and the report's rates and findings.
   */
  static void judgesEveryMetricOfAnInjectedComparison(Path reportDir, ExperimentLoader.Loaded loaded)
      throws IOException {
    List<Map<String, String>> comparisons = rows(reportDir, "comparisons.csv");
    assertThat(comparisons).as("comparisons.csv").hasSize(1);
    Map<String, String> comparison = comparisons.getFirst();
    assertThat(comparison.get("injected")).as("what was injected").isNotEqualTo("none");
    assertThat(comparison.get("candidateImage")).as("the agent's variant, B's image")
        .isNotEqualTo(comparison.get("baselineImage"));
    assertThat(Integer.parseInt(comparison.get("pairs"))).as("pairs launched").isPositive();
    Set<String> judged = rows(reportDir, "judgements.csv").stream().filter(row -> !row.get("verdict").isBlank())
        .map(row -> row.get("metric")).collect(Collectors.toCollection(TreeSet::new));
    assertThat(judged).as("the metrics judged (judgements.csv)")
        .isEqualTo(new TreeSet<>(((GateCalibrationSpec) loaded.spec()).thresholds().keySet()));
    JsonNode analysis = Json.MAPPER.readTree(reportDir.resolve("experiment.json").toFile()).path("analysis");
    assertThat(analysis.path("rates").size()).as("the rates (experiment.json, analysis.rates)").isPositive();
    assertThat(analysis.path("findings").size()).as("the finding (experiment.json, analysis.findings)").isPositive();
  }

  /**
   * replication.yaml: "a clean run then one with a worker killed: HAProxy in front and between services, every
   * request through the gateway, the sessions with their preflights, the fault and HAProxy's view of it": both runs'
   * sessions answered, every preflight step answered 2xx in a run (the app answers a browser's CORS preflight through
   * HAProxy), HAProxy's statistics of more than one backend, and the killed replica marked DOWN by HAProxy in the
   * faulted run.
   */
  static void runsCleanThenKilledAndHaproxySawTheKill(Path reportDir, ExperimentLoader.Loaded loaded)
      throws IOException {
    Configuration configuration = ((ReplicationSpec) loaded.spec()).scale("smoke").configurations().getFirst();
    List<Map<String, String>> runs = rows(reportDir, "steps.csv").stream()
        .filter(row -> row.get("step").equals("all") && row.get("failure").isEmpty()).toList();
    for (String faulted : List.of("false", "true")) {
      assertThat(runs).as("a " + (faulted.equals("true") ? "faulted" : "clean") + " run whose sessions were answered"
          + " (steps.csv)").anySatisfy(row -> {
            assertThat(row.get("faulted")).isEqualTo(faulted);
            assertThat(Long.parseLong(row.get("ok"))).isPositive();
          });
    }
    List<Map<String, String>> preflights = rows(reportDir, "steps.csv").stream()
        .filter(row -> row.get("step").endsWith("-preflight") && row.get("failure").isEmpty()).toList();
    assertThat(preflights.stream().map(row -> row.get("step")).distinct().count())
        .as("a row per preflight step, one before each of the five requests (steps.csv)").isEqualTo(5);
    assertThat(preflights.stream().filter(row -> Long.parseLong(row.get("ok")) > 0).map(row -> row.get("step"))
        .distinct().count()).as("every preflight step answered 2xx in a run (steps.csv; a 404 or 405 is an app that"
            + " does not answer a CORS preflight)").isEqualTo(5);
    assertThat(rows(reportDir, "servers.csv").stream().map(row -> row.get("backend")).distinct().count())
        .as("HAProxy's backends (servers.csv): in front of the gateway and between the services").isGreaterThan(1);
    int faultedRun = runs.stream().filter(row -> row.get("faulted").equals("true"))
        .mapToInt(row -> Integer.parseInt(row.get("run"))).findFirst().orElseThrow();
    assertThat(rows(reportDir, "server-states.csv")).as("HAProxy marking the killed " + configuration.kill().replica()
        + " DOWN in the faulted run (server-states.csv)").anySatisfy(row -> {
          assertThat(Integer.parseInt(row.get("run"))).isEqualTo(faultedRun);
          assertThat(row.get("server")).isEqualTo(configuration.kill().replica());
          assertThat(row.get("state")).isEqualTo("DOWN");
        });
  }

  /** The topologies' smoke: "both ends of the mix", each measured (answers at mix 0 and at mix 1). */
  static void measuresBothEndsOfTheMix(Path reportDir, ExperimentLoader.Loaded loaded) throws IOException {
    List<Map<String, String>> all = rows(reportDir, "mixes.csv").stream()
        .filter(row -> row.get("requestType").equals("all")).toList();
    for (double end : List.of(0.0, 1.0)) {
      assertThat(all).as("answers at the mix " + end + " (mixes.csv, requestType all)").anySatisfy(row -> {
        assertThat(Double.parseDouble(row.get("mix"))).isEqualTo(end);
        assertThat(Long.parseLong(row.get("completed"))).isPositive();
      });
    }
  }

  /**
   * user-ramp.yaml: "the calibration at a tiny scale, then ... at the limit found: both engines' variants, an
   * environment switch, a short plateau": the calibration's last round read the blocking app's CPU, every second of
   * every ramp ran at that round's limit, and every variant of the smoke scale (the non-blocking one and the blocking
   * one switched to virtual threads by its environment) answered on its plateau and on its ramp.
   */
  static void calibratesTheCpuThenRampsEachVariantWithAPlateauAtIt(Path reportDir, ExperimentLoader.Loaded loaded)
      throws IOException {
    List<Map<String, String>> rounds = rows(reportDir, "cpu-calibration.csv");
    assertThat(rounds).as("the CPU calibration's rounds (cpu-calibration.csv)").isNotEmpty();
    assertThat(rounds.getLast().get("cpuCores")).as("the CPU its last round read (cpu-calibration.csv, cpuCores)")
        .isNotBlank();
    String limit = rounds.getLast().get("cpuLimitCores");
    List<Map<String, String>> rows = rows(reportDir, "ramps.csv");
    assertThat(rows).as("every ramp at the calibrated limit, " + limit + " CPU (ramps.csv, cpuLimitCores)")
        .allSatisfy(row -> assertThat(Double.parseDouble(row.get("cpuLimitCores")))
            .isEqualTo(Double.parseDouble(limit)));
    List<RampVariantSpec> variants = ((UserRampSpec) loaded.spec()).scale("smoke").variants();
    assertThat(variants).as("a variant with an environment switch of its own")
        .anySatisfy(variant -> assertThat(variant.environment()).isNotEmpty());
    for (RampVariantSpec variant : variants) {
      for (String phase : List.of("plateau", "ramp")) {
        assertThat(rows).as(variant.name() + "'s answers on its " + phase + " (ramps.csv)").anySatisfy(row -> {
          assertThat(List.of(row.get("variant"), row.get("phase"))).containsExactly(variant.name(), phase);
          assertThat(Long.parseLong(row.get("completedPerSecond"))).isPositive();
        });
      }
    }
  }

  /** A dataset CSV's rows, each by its header's column names (an empty value for a null). */
  static List<Map<String, String>> rows(Path reportDir, String csv) throws IOException {
    Path file = reportDir.resolve(csv);
    assertThat(file).as(csv + " in " + reportDir).exists();
    try (MappingIterator<Map<String, String>> rows = CSV.readerForMapOf(String.class)
        .with(CsvSchema.emptySchema().withHeader()).readValues(file.toFile())) {
      return rows.readAll().stream().map(row -> {
        row.replaceAll((column, value) -> Objects.requireNonNullElse(value, ""));
        return row;
      }).toList();
    }
  }
}
