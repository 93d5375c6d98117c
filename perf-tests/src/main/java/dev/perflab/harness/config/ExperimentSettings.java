package dev.perflab.harness.config;

import java.nio.file.Path;

/**
 * Which experiment a run runs ({@code perflab.experiment}) and at what scale
 * ({@code perflab.experiment.scale}). An experiment is a bundled one by name (a file
 * {@code experiments/<name>.yaml} of the checkout) or a file of one's own by path.
 *
 * @param experiment null for a run that is not an experiment
 * @param scale a scale the experiment file defines: {@code default}, {@code smoke}, or one of its own
 */
public record ExperimentSettings(String experiment, String scale) {

  /** The checkout's folder of bundled experiments, relative to the project directory. */
  public static final String BUNDLED_DIR = "experiments";

  public static ExperimentSettings read() {
    return new ExperimentSettings(Settings.get("perflab.experiment", String::strip, null),
        Settings.get("perflab.experiment.scale", String::strip, "default"));
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
}
