package dev.perflab.harness.experiment.grid;

import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.List;

/** What a limits grid's analyses found, the study's findings first. */
public record GridReport(GridAnalysis settings, List<FindingResult> findings,
    List<RecommendedLimits> recommended, List<CpuCurve> curves, List<MemoryFloor> floors, List<ProfileCheck> profiles,
    List<RelativeCpuBin> bins) {

  public GridReport {
    findings = List.copyOf(findings);
    recommended = List.copyOf(recommended);
    curves = List.copyOf(curves);
    floors = List.copyOf(floors);
    profiles = List.copyOf(profiles);
    bins = List.copyOf(bins);
  }
}
