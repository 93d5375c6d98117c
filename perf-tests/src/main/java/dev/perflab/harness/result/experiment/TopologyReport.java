package dev.perflab.harness.result.experiment;

import java.util.List;

/** A topology experiment's analyses: every series against its prediction, the bottlenecks, the findings. */
public record TopologyReport(List<TopologySeries> series, List<TopologyBottleneck> bottlenecks,
    List<FindingResult> findings) {

  public TopologyReport {
    series = List.copyOf(series);
    bottlenecks = List.copyOf(bottlenecks);
    findings = List.copyOf(findings);
  }
}
