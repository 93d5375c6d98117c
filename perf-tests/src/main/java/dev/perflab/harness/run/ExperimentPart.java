package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.ExperimentSettings;
import dev.perflab.harness.experiment.ExperimentLoader;
import dev.perflab.harness.experiment.grid.GridDataset;
import dev.perflab.harness.experiment.grid.GridScale;
import dev.perflab.harness.experiment.grid.LimitsGridRun;
import dev.perflab.harness.experiment.grid.LimitsGridSpec;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.measure.JvmGcLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * An experiment ({@code -Dperflab.experiment=<name or file>}) at a scale of its file
 * ({@code -Dperflab.experiment.scale}): it runs alone, into a report folder of its own beside the perf
 * run's, {@code target/perf-report/experiment-<name>}. A new experiment kind is its engine plus one
 * case here.
 */
public final class ExperimentPart implements Part {

  @Override
  public String name() {
    return "experiment";
  }

  /** Per point: about 10 s to start, the warm-up, and each step with its settle and drain. */
  @Override
  public Duration estimate(RunContext run) {
    ExperimentLoader.Loaded loaded = load(run);
    return switch (loaded.experiment().kind()) {
      case LIMITS_GRID -> {
        GridScale scale = loaded.experiment().limitsGrid().scale(run.config().experiment().scale());
        long perPoint = 10 + scale.warmupSeconds() + scale.ratesPerSecond().size() * (scale.stepSeconds() + 2L);
        yield Duration.ofSeconds(perPoint * scale.pointCount() * scale.repetitions());
      }
    };
  }

  @Override
  public PartResult run(RunContext run) throws IOException, InterruptedException {
    ExperimentLoader.Loaded loaded = load(run);
    return switch (loaded.experiment().kind()) {
      case LIMITS_GRID -> limitsGrid(run, loaded);
    };
  }

  private static PartResult limitsGrid(RunContext run, ExperimentLoader.Loaded loaded)
      throws IOException, InterruptedException {
    LimitsGridSpec spec = loaded.experiment().limitsGrid();
    String scale = run.config().experiment().scale();
    spec.scale(scale);
    // The same added option for every app: the JVM's own log of its choices and pauses.
    Catalog catalog = run.catalog().withJvmOption(JvmGcLog.OPTION);
    Path dir = run.reportDir();
    LimitsGridRun.Outcome outcome;
    try (Lab lab = Lab.open(catalog, run.config())) {
      outcome = LimitsGridRun.run(lab, catalog, loaded.text(), spec, scale, dir, data -> {
        try {
          GridDataset.write(dir, data);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot write the dataset into " + dir, e);
        }
      });
    }
    GridDataset.write(dir, outcome.data());
    return LimitsGridResult.of(run, loaded, scale, outcome);
  }

  private static ExperimentLoader.Loaded load(RunContext run) {
    ExperimentSettings settings = run.config().experiment();
    try {
      return ExperimentLoader.load(settings.file(run.config().projectDir()), run.catalog());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the experiment file " + settings.file(run.config().projectDir()), e);
    }
  }
}
