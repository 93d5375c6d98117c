package dev.perflab.harness.experiment;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.experiment.grid.LimitsGridSpec;
import dev.perflab.harness.result.experiment.FindingClaim;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An experiment as its YAML file states it: what study it re-runs, the findings it states against
 * that study, and the block of its kind (the one key named after the kind; the others null). Read
 * as strictly as the catalog ({@link ExperimentLoader}).
 *
 * @param limitsGrid the block of a {@code kind: limits-grid} experiment
 */
public record ExperimentFile(
    ExperimentKind kind, String title, Study study, List<FindingClaim> findings,
    LimitsGridSpec limitsGrid) {

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
    if (kind == ExperimentKind.LIMITS_GRID) {
      required(limitsGrid, "limitsGrid");
    }
  }
}
