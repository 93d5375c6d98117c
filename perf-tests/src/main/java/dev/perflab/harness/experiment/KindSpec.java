package dev.perflab.harness.experiment;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * A kind's block of the experiment file, read as a record, and the kind's engine: the names it needs
 * from the catalog, how long a scale takes, and the run itself, which sweeps its points with
 * {@link dev.perflab.harness.experiment.sweep.Sweep} and returns its result with its renderers.
 */
public interface KindSpec {

  /** Refuses what the catalog lacks (an app, a mode), each at its line ({@link SpecCheck#refuse}). */
  void check(SpecCheck check);

  /** About how long {@code scale} takes, from its counts of points and seconds, for the progress line. */
  Duration estimate(String scale);

  /** The same for just {@code apps} of it ({@link #picksApps}); empty: all of them. */
  default Duration estimate(String scale, List<String> apps) {
    return estimate(scale);
  }

  /**
   * Whether it runs just the apps {@code -Dperflab.experiment.apps} names ({@link ExperimentRun#apps()}): a kind
   * that runs each app on its own. Any other refuses the setting rather than run what it was not asked to.
   */
  default boolean picksApps() {
    return false;
  }

  /**
   * Whether {@code run} would measure nothing: an earlier run into its report folder finished every point
   * under the setup it has now ({@code Sweep.finished}). The run then skips the machine reference too and
   * keeps the environment the points were measured in. A kind that cannot tell without opening its lab
   * says no, and is measured as before.
   */
  default boolean finished(ExperimentRun run) {
    return false;
  }

  /** Runs the experiment at {@code run.scale()} into {@code run.reportDir()}. */
  ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException;
}
