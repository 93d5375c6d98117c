package dev.perflab.harness.result;

import java.util.List;

/**
 * The highest rate at which the cell met its latency objective, with every step the search
 * tried. {@code generatorLimited}: the driver, not the cell, stopped the search (the real
 * capacity is at least this); {@code upperBoundPerSecond}: the lowest rate that failed, or null
 * if none did (the search stopped at its ceiling: the capacity is at least this);
 * {@code freshContainers}: how many containers the search went on in after one died under a step.
 */
public record Capacity(double sloP99Millis, double ratePerSecond, Double upperBoundPerSecond, boolean generatorLimited,
    List<CapacityStep> steps, int freshContainers) {

  public Capacity {
    steps = List.copyOf(steps);
  }
}
