package dev.perflab.harness.experiment;

import static dev.perflab.harness.config.StrictYaml.required;

/**
 * The published study an experiment re-runs part of.
 *
 * @param title the study's title
 * @param reference where to read it (a DOI, a URL, or a citation)
 * @param rerun which part of it this experiment re-runs, and at what scale
 */
public record Study(String title, String reference, String rerun) {

  public Study {
    required(title, "title");
    required(reference, "reference");
    required(rerun, "rerun");
  }
}
