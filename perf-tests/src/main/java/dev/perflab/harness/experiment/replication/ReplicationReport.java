package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.List;

/** A replication experiment's analyses: each configuration over its runs, and the findings. */
public record ReplicationReport(List<ConfigurationResult> configurations, List<FindingResult> findings) {

  public ReplicationReport {
    configurations = List.copyOf(configurations);
    findings = List.copyOf(findings);
  }
}
