package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.List;

/**
 * A topology experiment's analyses: every series against its prediction, the bottlenecks, the findings, and
 * whether the counted demands held through the sweep.
 */
public record TopologyReport(List<TopologySeries> series, List<TopologyBottleneck> bottlenecks,
    List<FindingResult> findings, List<TopologyDemandCheck> demandChecks) {

  public TopologyReport {
    series = List.copyOf(series);
    bottlenecks = List.copyOf(bottlenecks);
    findings = List.copyOf(findings);
    demandChecks = List.copyOf(demandChecks);
  }
}
