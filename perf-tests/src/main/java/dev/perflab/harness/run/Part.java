package dev.perflab.harness.run;

import java.io.IOException;

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

  PartResult run(RunContext run) throws IOException, InterruptedException;
}
