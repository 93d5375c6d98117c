package dev.perflab.harness.experiment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.config.ConfigFileException;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.experiment.finding.FindingClaim;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads an experiment file as strictly as the catalog: an unknown key, a missing one or a wrong type
 * fails with the file, the line and the field; so does a kind no entry of {@link ExperimentKinds}
 * has, a name the catalog does not have (an app, a mode) or a finding the kind cannot state.
 */
public final class ExperimentLoader {

  /**
   * A file as read.
   *
   * @param text as read (the kind's engine may fingerprint parts of it)
   * @param experiment what every experiment file states
   * @param kind the kind its {@code kind:} names
   * @param spec its kind's block, which also runs it
   */
  public record Loaded(Path file, String text, ExperimentFile experiment, ExperimentKind kind, KindSpec spec) {}

  private ExperimentLoader() {}

  public static Loaded load(Path file, Catalog catalog, ExperimentKinds kinds) throws IOException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ConfigFileException(file.toString(), "no such file (perflab.experiment names a bundled experiment,"
          + " experiments/<name>.yaml of the checkout, or a file of your own by path)");
    }
    String source = file.toString();
    SpecCheck check = new SpecCheck(catalog, source, text);
    String kindKey = StrictYaml.read(text, source, KindOnly.class).kind();
    ExperimentKind kind = kinds.find(kindKey).orElseThrow(() -> check.refuse(kindKey, "kind",
        "no experiment kind '" + kindKey + "'; the kinds are " + kinds.keys()));
    ExperimentFile experiment = StrictYaml.readWithout(text, source, kind.block(), ExperimentFile.class);
    for (int i = 0; i < experiment.findings().size(); i++) {
      FindingClaim finding = experiment.findings().get(i);
      if (!kind.findingIds().contains(finding.id())) {
        throw check.refuse(finding.id(), "findings[" + i + "].id", "a " + kind.key()
            + " experiment cannot state '" + finding.id() + "'; it states " + kind.findingIds());
      }
    }
    KindSpec spec = StrictYaml.readBlock(text, source, kind.block(), kind.specType());
    spec.check(check);
    return new Loaded(file, text, experiment, kind, spec);
  }

  /** The one key read before the kind is known; the rest is read once it is. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record KindOnly(String kind) {

    KindOnly {
      StrictYaml.required(kind, "kind");
    }
  }
}
