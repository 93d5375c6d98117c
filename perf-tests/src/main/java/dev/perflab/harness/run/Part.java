package dev.perflab.harness.run;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.environment.EnvironmentRecord;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;

/**
 * One part of a run: build cost, startup, load, Gatling, JMH, a comparison, and later an experiment
 * kind. It measures what it measures and returns a result holding its figures, its report sections
 * and its verdicts; it does not assert (the run's tests do) and does not stop at a failing cell
 * (the result records it and the part goes on). A new part is one class implementing this plus
 * one entry in {@link Parts}.
 */
public interface Part {

  /** Its name in {@code -Dperflab.parts}, the logs and the report, e.g. "startup". */
  String name();

  /**
   * Whether it asserts budgets.yaml: the run then reads that file before any part runs, so a
   * malformed file fails in a second, not after an hour.
   */
  default boolean usesBudgets() {
    return false;
  }

  /**
   * Whether it reads the machine's pace under each of the catalog's profiles (it launches the catalog's
   * cells under them, and judges or compares them). A run of parts that do not is told the pace under
   * the first profile alone: its points have limits of their own.
   */
  default boolean usesEveryProfilesPace() {
    return true;
  }

  /**
   * Whether a run without {@code -Dperflab.parts} and without {@code -Dperflab.full=true} has it:
   * the default run is the short one (startup, load at the fixed rate).
   */
  default boolean inDefaultRun() {
    return false;
  }

  /**
   * The environment an earlier run measured everything this part would measure now in, if nothing is left
   * for it to measure (an experiment whose every point is finished, re-run to redo its report); empty
   * otherwise. A run whose every part has the same one measures nothing, the machine reference included,
   * and reports under it.
   */
  default Optional<EnvironmentRecord> measuredEarlier(HarnessConfig config, Catalog catalog) {
    return Optional.empty();
  }

  /**
   * About how long it will take on the reference machine, for the progress line's time left; a rough
   * figure from its counts of cells, launches and seconds of load, corrected by the run as it goes.
   */
  Duration estimate(RunContext run);

  PartResult run(RunContext run) throws IOException, InterruptedException;
}
