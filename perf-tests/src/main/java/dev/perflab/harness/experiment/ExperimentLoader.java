package dev.perflab.harness.experiment;

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
    // Parsed once; the kind it names says which block the rest is read without, and what that block reads into.
    StrictYaml.Parsed parsed = StrictYaml.parse(text, source);
    String kindKey = parsed.readBlock("kind", String.class);
    ExperimentKind kind = kinds.find(kindKey).orElseThrow(() -> check.refuse(kindKey, "kind",
        "no experiment kind '" + kindKey + "'; the kinds are " + kinds.keys()));
    ExperimentFile experiment = parsed.readWithout(kind.block(), ExperimentFile.class);
    for (int i = 0; i < experiment.findings().size(); i++) {
      FindingClaim finding = experiment.findings().get(i);
      if (!kind.findingIds().contains(finding.id())) {
        throw check.refuse(finding.id(), "findings[" + i + "].id", "a " + kind.key()
            + " experiment cannot state '" + finding.id() + "'; it states " + kind.findingIds());
      }
    }
    KindSpec spec = parsed.readBlock(kind.block(), kind.specType());
    spec.check(check);
    return new Loaded(file, text, experiment, kind, spec);
  }
}
