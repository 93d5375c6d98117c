package dev.perflab.harness.run;

import dev.perflab.harness.config.HarnessConfig;
import dev.perflab.harness.config.RunKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Every part a run can have, in the order they run; the one place a new part is added. Without
 * {@code -Dperflab.parts} a perf run runs the default parts ({@link Part#inDefaultRun}), with
 * {@code -Dperflab.full=true} every part but the comparison and the experiment; a comparison run
 * ({@code -Dperflab.compare=...}) runs the comparison alone, and an experiment
 * ({@code -Dperflab.experiment=...}) the experiment alone.
 */
public final class Parts {

  /** The registry, in run order: builds first (each leaves its mode's image rebuilt, and the cells then measure those). */
  public static final List<Part> ALL = List.of(
      new BuildCostPart(),
      new StartupPart(),
      new LoadPart(),
      new GatlingPart(),
      new JmhPart(),
      new DriverPart(),
      new ComparisonPart(),
      new ExperimentPart());

  private Parts() {}

  /** The parts {@code config} asks for, in run order; a name that is no part, or a mix of documents, is refused. */
  public static List<Part> selected(HarnessConfig config) {
    if (config.kind() == RunKind.EXPERIMENT) {
      if (!config.parts().isEmpty()) {
        throw new IllegalArgumentException("-Dperflab.experiment runs the experiment alone; perflab.parts names "
            + config.parts());
      }
      // A part of the run's own: it keeps the experiment file it reads.
      return List.of(new ExperimentPart());
    }
    boolean comparison = config.kind() == RunKind.COMPARISON;
    if (config.parts().isEmpty()) {
      return ALL.stream().filter(part -> !(part instanceof ExperimentPart))
          .filter(part -> (part instanceof ComparisonPart) == comparison)
          .filter(part -> comparison || config.full() || part.inDefaultRun())
          .toList();
    }
    List<String> names = ALL.stream().map(Part::name).toList();
    for (String name : config.parts()) {
      if (!names.contains(name)) {
        throw new IllegalArgumentException("perflab.parts: no part '" + name + "'; parts are " + names);
      }
    }
    if (config.parts().contains("experiment")) {
      throw new IllegalArgumentException("perflab.parts: the experiment part runs what -Dperflab.experiment names;"
          + " got " + config.parts());
    }
    List<Part> selected = new ArrayList<>(ALL.stream().filter(part -> config.parts().contains(part.name())).toList());
    boolean comparisonSelected = selected.stream().anyMatch(part -> part instanceof ComparisonPart);
    if (comparisonSelected && selected.size() > 1) {
      throw new IllegalArgumentException("perflab.parts: the comparison writes a report of its own and runs alone;"
          + " got " + config.parts());
    }
    if (comparisonSelected != comparison) {
      throw new IllegalArgumentException(comparison
          ? "-Dperflab.compare=" + config.compare().mode().key() + " runs the comparison part; perflab.parts names "
              + config.parts()
          : "perflab.parts: the comparison part needs -Dperflab.compare=ab|aa|upgrade|injected-regression");
    }
    return List.copyOf(selected);
  }
}
