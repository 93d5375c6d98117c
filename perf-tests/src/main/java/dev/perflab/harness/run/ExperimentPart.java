package dev.perflab.harness.run;

import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.config.Settings;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.kinds.BundledKinds;
import dev.perflab.harness.report.RunSummary;
import dev.perflab.harness.report.html.HtmlPage;
import dev.perflab.harness.result.Check;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * An experiment ({@code -Dperflab.experiment=<name or file>}) at a scale of its file
 * ({@code -Dperflab.experiment.scale}): it runs alone, into a report folder of its own beside the perf
 * run's, {@code target/perf-report/experiment-<name>}. Whatever its kind: the kind's block runs it
 * ({@code KindSpec}), and a new kind is registered in {@code BundledKinds}, not here.
 */
public final class ExperimentPart implements Part {

  @Override
  public String name() {
    return "experiment";
  }

  @Override
  public boolean usesEveryProfilesPace() {
    return false;
  }

  @Override
  public Duration estimate(RunContext run) {
    return load(run).spec().estimate(run.config().experiment().scale(), run.config().experiment().apps());
  }

  @Override
  public PartResult run(RunContext run) throws IOException, InterruptedException {
    ExperimentLoader.Loaded loaded = load(run);
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

  private static ExperimentLoader.Loaded load(RunContext run) {
    ExperimentSettings settings = run.config().experiment();
    try {
      return ExperimentLoader.load(settings.file(run.config().projectDir()), run.catalog(), BundledKinds.ALL);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the experiment file " + settings.file(run.config().projectDir()), e);
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
