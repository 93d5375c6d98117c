package dev.perflab.harness.experiment;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.config.ConfigFileException;
import java.util.regex.Pattern;

/**
 * What a kind's {@link KindSpec#check} checks its block against: the catalog, and the file's text to
 * point at the line of a refused value.
 */
public record SpecCheck(Catalog catalog, String source, String text) {

  /** Refuses an app name the catalog does not have. */
  public void app(String app, String field) {
    if (catalog.apps().stream().map(App::name).noneMatch(app::equals)) {
      throw refuse(app, field, "no app '" + app + "' in the catalog; it has "
          + catalog.apps().stream().map(App::name).toList());
    }
  }

  /** Refuses a mode name the catalog does not have. */
  public void mode(String mode, String field) {
    if (catalog.modes().stream().map(Mode::name).noneMatch(mode::equals)) {
      throw refuse(mode, field, "no mode '" + mode + "' in the catalog; it has "
          + catalog.modes().stream().map(Mode::name).toList());
    }
  }

  /** Refuses a resource profile name the catalog does not have. */
  public void profile(String profile, String field) {
    if (catalog.profiles().stream().map(ResourceProfile::name).noneMatch(profile::equals)) {
      throw refuse(profile, field, "no profile '" + profile + "' in the catalog; it has "
          + catalog.profiles().stream().map(ResourceProfile::name).toList());
    }
  }

  /** An error at the first line that holds {@code value} as a word. */
  public ConfigFileException refuse(String value, String field, String problem) {
    return new ConfigFileException(source, lineOf(value), field, problem);
  }

  /** The first line that holds {@code value} as a word, 1-based; 0 if none does. */
  int lineOf(String value) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].matches(".*(^|[\\s\\[,:'\"])" + Pattern.quote(value) + "($|[\\s\\],'\"]).*")) {
        return i + 1;
      }
    }
    return 0;
  }
}
