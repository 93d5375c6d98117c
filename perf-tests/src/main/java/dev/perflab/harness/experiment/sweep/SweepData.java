package dev.perflab.harness.experiment.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * What one point measured, or every point so far: a record of rows, which add up in the plan's order.
 *
 * @param <D> the record itself
 */
public interface SweepData<D extends SweepData<D>> {

  /** This, then {@code more}. */
  D plus(D more);

  /** {@code first}'s rows, then {@code second}'s: how a kind's rows add up. */
  static <T> List<T> join(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}
