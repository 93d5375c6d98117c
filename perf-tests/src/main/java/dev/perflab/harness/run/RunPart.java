package dev.perflab.harness.run;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The parts of a perf run, in the order they run. {@code -Dperflab.parts=load} reruns one part
 * alone, e.g. to compare its figures between two runs without the half hour of the others.
 */
public enum RunPart {
  /** Timed, uncached builds of every app in every mode. */
  BUILDS,
  /** Measured launches of every cell, checked against the budgets. */
  STARTUP,
  /** The fixed-rate driver, the Gatling simulations and the capacity search. */
  LOAD;

  /** A comma-separated list such as {@code "startup, load"}. */
  public static Set<RunPart> parse(String list) {
    Set<RunPart> parts = EnumSet.noneOf(RunPart.class);
    for (String name : list.split(",")) {
      String key = name.strip().toUpperCase(Locale.ROOT);
      try {
        parts.add(valueOf(key));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("no part '" + name.strip() + "'; parts are "
            + Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
      }
    }
    return parts;
  }
}
