package dev.perflab.harness.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.RunKind;
import dev.perflab.harness.config.Settings;
import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.report.RunSummary;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import dev.perflab.harness.result.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An experiment ({@code -Dperflab.experiment=<name or file>}) at a scale of its file
 * ({@code -Dperflab.experiment.scale}): it runs alone, into a report folder of its own beside the perf
 * run's, {@code target/perf-report/experiment-<name>}. Whatever its kind: the kind's block runs it
 * ({@code KindSpec}), and a new kind is registered in {@code BundledKinds}, not here. A run has a part of its own
 * ({@link Parts#selected}): it reads the experiment file once, however often the run asks.
 */
public final class ExperimentPart implements Part {

  private static final Logger LOG = LoggerFactory.getLogger(ExperimentPart.class);

  /** The file as this run read it; null until the run first asks. */
  private ExperimentLoader.Loaded loaded;

  @Override
  public String name() {
    return "experiment";
  }

  @Override
  public boolean usesEveryProfilesPace() {
    return false;
  }

  /**
   * The environment of the run that wrote the report folder's {@code experiment.json}, if every point of
   * this run is finished there ({@code KindSpec.finished}): that run, or one it resumed, measured them.
   */
  @Override
  public Optional<EnvironmentRecord> measuredEarlier(HarnessConfig config, Catalog catalog) {
    Optional<EnvironmentRecord> recorded =
        recordedEnvironment(config.reportDir().resolve(RunKind.EXPERIMENT.jsonFile()));
    if (recorded.isEmpty()) {
      return Optional.empty();
    }
    ExperimentLoader.Loaded loaded = load(config, catalog);
    boolean finished = loaded.spec().finished(new ExperimentRun(loaded, config.experiment().scale(), catalog, config,
        config.reportDir(), RunSummary.environmentLine(recorded.get()), Settings.rerun("./mvnw -Pperf verify")));
    return finished ? recorded : Optional.empty();
  }

  @Override
  public Duration estimate(RunContext run) {
    ExperimentSettings settings = run.config().experiment();
    return load(run.config(), run.catalog()).spec().estimate(settings.scale(), settings.apps());
  }

  @Override
  public PartResult run(RunContext run) throws IOException, InterruptedException {
    ExperimentLoader.Loaded loaded = load(run.config(), run.catalog());
    List<String> apps = run.config().experiment().apps();
    if (!apps.isEmpty() && !loaded.spec().picksApps()) {
      throw new IllegalArgumentException("perflab.experiment.apps=" + String.join(",", apps) + ": a "
          + loaded.experiment().kind() + " experiment runs the apps its scale lists; only a topology runs one app at a"
          + " time. Leave the setting out, or give the experiment a scale of its own with those apps");
    }
    ExperimentResult result = loaded.spec().run(new ExperimentRun(loaded, run.config().experiment().scale(),
        run.catalog(), run.config(), run.reportDir(), RunSummary.environmentLine(run.environment()),
        Settings.rerun("./mvnw -Pperf verify")));
    return new Framed(result, loaded.experiment().title());
  }

  private ExperimentLoader.Loaded load(HarnessConfig config, Catalog catalog) {
    if (loaded == null) {
      Path file = config.experiment().file(config.projectDir());
      try {
        loaded = ExperimentLoader.load(file, catalog, BundledKinds.ALL);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the experiment file " + file, e);
      }
    }
    return loaded;
  }

  /** The environment an earlier run wrote into {@code file}; empty if there is none that reads back whole. */
  static Optional<EnvironmentRecord> recordedEnvironment(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      JsonNode environment = Json.MAPPER.readTree(file.toFile()).path("environment");
      return environment.isObject() ? Optional.of(Json.MAPPER.treeToValue(environment, EnvironmentRecord.class))
          : Optional.empty();
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("{} holds no environment that reads back ({}); the run measures its own", file, e.getMessage());
      return Optional.empty();
    }
  }

  /** An experiment's result as a document of its own, titled with the experiment's title. */
  private record Framed(ExperimentResult result, String title) implements PartResult {

    @Override
    public Map<String, Object> json() {
      return result.json();
    }

    @Override
    public String markdown() {
      return result.markdown();
    }

    @Override
    public void html(HtmlPage page) {
      result.html(page);
    }

    @Override
    public List<Check> checks() {
      return result.checks();
    }

    @Override
    public List<String> problems() {
      return result.problems();
    }

    @Override
    public Document document() {
      return Document.experiment(title);
    }
  }
}
