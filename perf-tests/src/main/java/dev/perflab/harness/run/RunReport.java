package dev.perflab.harness.run;

import dev.perflab.harness.environment.EnvironmentRecord;
import dev.perflab.harness.result.Check;
import java.util.List;

/**
 * A run's results: every part's, the environment they were measured in, and the command that runs
 * them again. Written to the report directory by {@link ReportFiles}; its checks are the run's
 * tests.
 */
public record RunReport(Document document, EnvironmentRecord environment, String command, List<PartResult> parts) {

  public RunReport {
    parts = List.copyOf(parts);
  }

  /** Every part's verdicts, in run order. */
  public List<Check> checks() {
    return parts.stream().flatMap(part -> part.checks().stream()).toList();
  }
}
