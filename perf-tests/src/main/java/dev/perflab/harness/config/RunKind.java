package dev.perflab.harness.config;

/**
 * What a run is, decided once from its settings ({@link HarnessConfig#kind}): the perf run, a comparison
 * ({@code -Dperflab.compare}) or an experiment ({@code -Dperflab.experiment}). Each writes its JSON file, named
 * here, beside {@link #SUMMARY} and {@link #PAGE}; the writers, the runner clearing a report folder and the
 * summary printed at the end of the build all take the names from here.
 */
public enum RunKind {
  PERF_RUN("results.json"),
  COMPARISON("comparison.json"),
  EXPERIMENT("experiment.json");

  /** Every run's summary, which the build prints at its end. */
  public static final String SUMMARY = "summary.md";
  /** Every run's page. */
  public static final String PAGE = "index.html";

  private final String jsonFile;

  RunKind(String jsonFile) {
    this.jsonFile = jsonFile;
  }

  /** The JSON file this kind of run writes with its summary. */
  public String jsonFile() {
    return jsonFile;
  }

  /** The run these settings ask for; a comparison and an experiment at once are refused. */
  static RunKind of(CompareSettings compare, ExperimentSettings experiment) {
    if (compare.mode() != null && experiment.experiment() != null) {
      throw new IllegalArgumentException("-Dperflab.compare and -Dperflab.experiment each run alone; choose one");
    }
    return experiment.experiment() != null ? EXPERIMENT : compare.mode() != null ? COMPARISON : PERF_RUN;
  }
}
