package dev.perflab.harness.config;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Which experiment a run runs ({@code perflab.experiment}) and at what scale
 * ({@code perflab.experiment.scale}). An experiment is a bundled one by name (a file
 * {@code experiments/<name>.yaml} of the checkout) or a file of one's own by path.
 *
 * @param experiment null for a run that is not an experiment
 * @param scale a scale the experiment file defines: {@code default}, {@code smoke}, or one of its own
 * @param apps {@code perflab.experiment.apps}: the apps of the scale to run, for a kind that runs each app on
 *     its own (a topology, one framework at a time); empty: all of the scale's
 */
public record ExperimentSettings(String experiment, String scale, List<String> apps) {

  /** The scale a run takes when it names none; its report folder is the experiment's own. */
  public static final String DEFAULT_SCALE = "default";

  public ExperimentSettings {
    apps = List.copyOf(apps);
  }

  public ExperimentSettings(String experiment, String scale) {
    this(experiment, scale, List.of());
  }

  /** The checkout's folder of bundled experiments, relative to the project directory. */
  public static final String BUNDLED_DIR = "experiments";

  public static ExperimentSettings read() {
    return new ExperimentSettings(Settings.get("perflab.experiment", String::strip, null),
        Settings.get("perflab.experiment.scale", String::strip, DEFAULT_SCALE),
        Settings.get("perflab.experiment.apps", ExperimentSettings::names, List.of()));
  }

  /** The experiment's file: a path as given, else the bundled file of that name. */
  public Path file(Path projectDir) {
    if (experiment.endsWith(".yaml") || experiment.endsWith(".yml") || experiment.contains("/")) {
      return Path.of(experiment);
    }
    return projectDir.resolve(BUNDLED_DIR).resolve(experiment + ".yaml");
  }

  /** Its name: the file's name without the extension ("limits-grid"); its report folder is named after it. */
  public String name() {
    String fileName = Path.of(experiment).getFileName().toString();
    return fileName.replaceFirst("\\.ya?ml$", "");
  }

  /**
   * Its report folder's name: "experiment-" and its name, the apps it was narrowed to
   * ("experiment-topology-offloading-quarkus"), and its scale unless the default
   * ("experiment-replication-smoke"), so that one framework's run keeps another's and a smoke run
   * does not discard the default scale's finished points (they are another setup).
   */
  public String reportDirName() {
    return "experiment-" + name() + (apps.isEmpty() ? "" : "-" + String.join("-", apps))
        + (DEFAULT_SCALE.equals(scale) ? "" : "-" + scale);
  }

  private static List<String> names(String commaSeparated) {
    return Arrays.stream(commaSeparated.split(",")).map(String::strip).filter(name -> !name.isEmpty()).toList();
  }
}
