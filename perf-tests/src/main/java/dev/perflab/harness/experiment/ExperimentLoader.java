package dev.perflab.harness.experiment;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.grid.GridFindings;
import dev.perflab.harness.experiment.grid.GridScale;
import dev.perflab.harness.result.experiment.FindingClaim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads an experiment file as strictly as the catalog: an unknown key, a missing one or a wrong type
 * fails with the file, the line and the field; so does a name the catalog does not have (an app, a
 * mode) or a finding the experiment's kind cannot state.
 */
public final class ExperimentLoader {

  /** A file as read, with its text (part of a run's fingerprint). */
  public record Loaded(Path file, String text, ExperimentFile experiment) {}

  private ExperimentLoader() {}

  public static Loaded load(Path file, Catalog catalog) throws IOException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ConfigFileException(file.toString(), "no such file (perflab.experiment names a bundled experiment,"
          + " experiments/<name>.yaml of the checkout, or a file of your own by path)");
    }
    ExperimentFile experiment = StrictYaml.read(text, file.toString(), ExperimentFile.class);
    check(experiment, text, file.toString(), catalog);
    return new Loaded(file, text, experiment);
  }

  static void check(ExperimentFile experiment, String text, String source, Catalog catalog) {
    List<String> known = switch (experiment.kind()) {
      case LIMITS_GRID -> GridFindings.IDS;
    };
    for (int i = 0; i < experiment.findings().size(); i++) {
      FindingClaim finding = experiment.findings().get(i);
      if (!known.contains(finding.id())) {
        throw new ConfigFileException(source, lineOf(text, finding.id()), "findings[" + i + "].id",
            "a " + experiment.kind().key() + " experiment cannot state '" + finding.id() + "'; it states " + known);
      }
    }
    if (experiment.limitsGrid() != null) {
      for (Map.Entry<String, GridScale> scale : experiment.limitsGrid().scales().entrySet()) {
        String field = "limitsGrid.scales." + scale.getKey();
        for (String app : scale.getValue().apps()) {
          if (catalog.apps().stream().map(App::name).noneMatch(app::equals)) {
            throw new ConfigFileException(source, lineOf(text, app), field + ".apps", "no app '" + app
                + "' in the catalog; it has " + catalog.apps().stream().map(App::name).toList());
          }
        }
        for (String mode : scale.getValue().modes()) {
          if (catalog.modes().stream().map(Mode::name).noneMatch(mode::equals)) {
            throw new ConfigFileException(source, lineOf(text, mode), field + ".modes", "no mode '" + mode
                + "' in the catalog; it has " + catalog.modes().stream().map(Mode::name).toList());
          }
        }
      }
    }
  }

  /** The first line that holds {@code value} as a word, 1-based; 0 if none does. */
  private static int lineOf(String text, String value) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].matches(".*(^|[\\s\\[,:'\"])" + java.util.regex.Pattern.quote(value) + "($|[\\s\\],'\"]).*")) {
        return i + 1;
      }
    }
    return 0;
  }
}
