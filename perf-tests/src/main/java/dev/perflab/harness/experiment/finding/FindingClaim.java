package dev.perflab.harness.experiment.finding;

/**
 * A finding of the study an experiment re-runs, as its file quotes it: the experiment kind knows how
 * to measure each id it offers, the file says which to state and in the study's own words.
 *
 * @param id what the kind evaluates, e.g. "latency-flattens-beyond-cpu-knee"
 * @param claim the study's finding, quoted
 */
public record FindingClaim(String id, String claim) {}
