package dev.perflab.harness.experiment;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.HarnessConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of an experiment, as its kind's engine needs it.
 *
 * @param loaded the file as read
 * @param scale the scale it runs at ({@code -Dperflab.experiment.scale})
 * @param catalog the catalog its names refer to
 * @param config the run's settings (the lab opens with them)
 * @param reportDir its report folder: dataset, points, summary, page
 * @param environment the environment line every report carries
 * @param rerun the command that re-runs it
 */
public record ExperimentRun(ExperimentLoader.Loaded loaded, String scale, Catalog catalog, HarnessConfig config,
    Path reportDir, String environment, String rerun) {

  /** {@code -Dperflab.experiment.apps}: the scale's apps to run; empty for all of them. */
  public List<String> apps() {
    return config.experiment().apps();
  }

  public ExperimentFile experiment() {
    return loaded.experiment();
  }
}
