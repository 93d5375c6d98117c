package dev.perflab.harness.experiment;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.finding.FindingClaim;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What every experiment file states beside its kind's block: its kind, title, the study it re-runs
 * part of and the findings it states against that study. Read as strictly as the catalog
 * ({@link ExperimentLoader}); the block is read by its kind's type.
 */
public record ExperimentFile(String kind, String title, Study study, List<FindingClaim> findings) {

  public ExperimentFile {
    required(kind, "kind");
    required(title, "title");
    required(study, "study");
    findings = List.copyOf(required(findings, "findings"));
    Set<String> ids = new HashSet<>();
    for (FindingClaim finding : findings) {
      required(finding.id(), "findings[].id");
      required(finding.claim(), "findings[].claim");
      if (!ids.add(finding.id())) {
        throw new IllegalArgumentException("'findings' names '" + finding.id() + "' twice");
      }
    }
  }
}
