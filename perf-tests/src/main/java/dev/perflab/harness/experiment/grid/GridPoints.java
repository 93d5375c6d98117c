package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.grid.GridRow.StepOutcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A grid's rows as its analyses read them: by app and mode, by limits, by repetition, with the step
 * at the target (a rate of an open staircase, a concurrency of a closed one: {@link GridRow#stepLevel}).
 * Built from the dataset alone, so that the analyses run on any finished grid.
 */
final class GridPoints {

  /** One repetition of one point: its rows, in step order. */
  record Run(String app, String mode, double cpus, long memory, int repetition, List<GridRow> rows) {

    /** The step at {@code level} (a rate, or a concurrency), if it ran to its end. */
    Optional<GridRow> at(double level) {
      return rows.stream().filter(row -> row.measured() && row.stepLevel() == level).findFirst();
    }

    /** Whether it died (any way) at or before the step at {@code level}, or before reaching it. */
    boolean diedBy(double level) {
      return rows.stream().anyMatch(row -> (row.outcome() == StepOutcome.DIED || row.outcome() == StepOutcome.DIED_AT_STARTUP)
          && (row.stepLevel() == null || row.stepLevel() <= level));
    }

    /** The row that ended it by dying, if one did. */
    Optional<GridRow> death() {
      return rows.stream().filter(row -> row.outcome() == StepOutcome.DIED || row.outcome() == StepOutcome.DIED_AT_STARTUP)
          .findFirst();
    }
  }

  private final Map<String, List<Run>> byAppMode = new LinkedHashMap<>();

  GridPoints(List<GridRow> rows) {
    Map<String, Run> runs = new LinkedHashMap<>();
    for (GridRow row : rows) {
      String key = row.pointId() + "#" + row.repetition();
      Run run = runs.computeIfAbsent(key, k -> new Run(row.app(), row.mode(), row.cpuLimitCores(),
          row.memoryLimitMebibytes(), row.repetition(), new ArrayList<>()));
      run.rows().add(row);
    }
    runs.values().forEach(run -> byAppMode.computeIfAbsent(run.app() + "/" + run.mode(), k -> new ArrayList<>()).add(run));
  }

  /** "app/mode" keys in the grid's order. */
  List<String> appModes() {
    return List.copyOf(byAppMode.keySet());
  }

  List<Run> runs(String appMode) {
    return byAppMode.getOrDefault(appMode, List.of());
  }

  List<Run> runs(String appMode, double cpus, long memory) {
    return runs(appMode).stream().filter(run -> run.cpus() == cpus && run.memory() == memory).toList();
  }

  List<Double> cpus(String appMode) {
    return List.copyOf(new TreeSet<>(runs(appMode).stream().map(Run::cpus).toList()));
  }

  List<Long> memories(String appMode) {
    return List.copyOf(new TreeSet<>(runs(appMode).stream().map(Run::memory).toList()));
  }
}
