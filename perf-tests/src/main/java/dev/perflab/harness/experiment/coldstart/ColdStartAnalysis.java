package dev.perflab.harness.experiment.coldstart;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.StudyFigure;
import java.util.List;

/**
 * What a cold-start experiment's findings are judged against (its file's {@code analysis:}): where the
 * study's cached order is read and the order and ratio it reports.
 *
 * @param mode the mode the order is read in (the thesis: its apps on the JVM)
 * @param database with or without the database (the thesis's apps had none)
 * @param cachedOrder apps, fastest first, by framework-reported startup with the image cached
 * @param slowestOverFastest the study's ratio of the last app's startup to the first's, with its source
 */
public record ColdStartAnalysis(String mode, DatabaseUse database, List<String> cachedOrder,
    StudyFigure slowestOverFastest) {

  public ColdStartAnalysis {
    required(mode, "mode");
    required(database, "database");
    cachedOrder = List.copyOf(required(cachedOrder, "cachedOrder"));
    if (cachedOrder.size() < 2) {
      throw new IllegalArgumentException("'cachedOrder' names at least two apps, fastest first");
    }
    required(slowestOverFastest, "slowestOverFastest");
    if (!(slowestOverFastest.value() > 0)) {
      throw new IllegalArgumentException("'slowestOverFastest' must be above 0, got " + slowestOverFastest.value());
    }
  }
}
