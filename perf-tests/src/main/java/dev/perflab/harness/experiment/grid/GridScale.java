package dev.perflab.harness.experiment.grid;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.CpuLimit;
import java.util.List;

/**
 * One scale of a limits grid: its axes and how long each point is driven. The file has at least
 * {@code default} (the documented run) and {@code smoke} (about a minute, in {@code ./mvnw verify}).
 *
 * @param apps catalog app names
 * @param modes catalog mode names (a point whose app has no image in that mode is skipped)
 * @param cpus the CPU limit axis, in cores, ascending
 * @param memoryMebibytes the memory limit axis, ascending
 * @param repetitions each point this many times, each in a fresh container
 * @param warmupSeconds load before the first step, at the grid's warm-up rate (not measured)
 * @param stepSeconds each step's measured time
 * @param ratesPerSecond the staircase, ascending; it must hold the analysis' target rate
 */
public record GridScale(
    List<String> apps, List<String> modes, List<Double> cpus, List<Long> memoryMebibytes, int repetitions,
    int warmupSeconds, int stepSeconds, List<Integer> ratesPerSecond) {

  public GridScale {
    apps = List.copyOf(nonEmpty(apps, "apps"));
    modes = List.copyOf(nonEmpty(modes, "modes"));
    cpus = List.copyOf(ascending(nonEmpty(cpus, "cpus"), "cpus"));
    cpus.forEach(CpuLimit::cores);
    memoryMebibytes = List.copyOf(ascending(nonEmpty(memoryMebibytes, "memoryMebibytes"), "memoryMebibytes"));
    if (memoryMebibytes.getFirst() < 6) {
      throw new IllegalArgumentException("'memoryMebibytes' starts at " + memoryMebibytes.getFirst()
          + "; Docker refuses a memory limit under 6 MiB");
    }
    ratesPerSecond = List.copyOf(ascending(nonEmpty(ratesPerSecond, "ratesPerSecond"), "ratesPerSecond"));
    if (ratesPerSecond.getFirst() < 1) {
      throw new IllegalArgumentException("'ratesPerSecond' must be at least 1 request/s");
    }
    positive(repetitions, "repetitions");
    positive(warmupSeconds, "warmupSeconds");
    positive(stepSeconds, "stepSeconds");
  }

  /** Points in this scale: apps x modes x CPU limits x memory limits (before images are checked). */
  public int pointCount() {
    return apps.size() * modes.size() * cpus.size() * memoryMebibytes.size();
  }

  private static <T> List<T> nonEmpty(List<T> values, String key) {
    if (required(values, key).isEmpty() || values.contains(null)) {
      throw new IllegalArgumentException("'" + key + "' needs at least one value, and no empty ones");
    }
    return values;
  }

  private static <T extends Comparable<T>> List<T> ascending(List<T> values, String key) {
    for (int i = 1; i < values.size(); i++) {
      if (values.get(i).compareTo(values.get(i - 1)) <= 0) {
        throw new IllegalArgumentException("'" + key + "' must be strictly ascending, got " + values);
      }
    }
    return values;
  }

  private static void positive(int value, String key) {
    if (value < 1) {
      throw new IllegalArgumentException("'" + key + "' must be at least 1, got " + value);
    }
  }
}
