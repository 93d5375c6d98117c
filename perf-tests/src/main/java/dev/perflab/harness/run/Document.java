package dev.perflab.harness.run;

import dev.perflab.harness.config.RunKind;

/**
 * The files a run writes into its report directory: its kind's JSON file (with its schema), summary.md and
 * index.html. The perf run's frames every part's section with the verdicts first and the
 * environment; a comparison is a document of its own, its one part writing the whole summary and
 * page, in a directory of its own: never over the perf run whose results.json it may be comparing
 * against ({@link ComparisonReportDir}).
 *
 * @param title the page's title for a document of its own; null for the perf run's
 */
public record Document(RunKind kind, String schema, boolean framed, String title) {

  public static final Document PERF_RUN = new Document(RunKind.PERF_RUN, "perflab-results/6", true, null);

  /** A comparison's, titled for what it compares. */
  public static Document comparison(String title) {
    return new Document(RunKind.COMPARISON, "perflab-comparison/3", false, title);
  }

  /** An experiment's, in its own folder beside its dataset; titled with the experiment's title. */
  public static Document experiment(String title) {
    return new Document(RunKind.EXPERIMENT, "perflab-experiment/1", false, title);
  }

  /** Its JSON file, as its kind of run names it. */
  public String jsonFile() {
    return kind.jsonFile();
  }
}
