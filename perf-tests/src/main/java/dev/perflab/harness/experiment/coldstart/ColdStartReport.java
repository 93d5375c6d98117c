package dev.perflab.harness.experiment.coldstart;

import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.List;

/** A cold-start experiment's analyses: its variants, the lines through them and its findings. */
public record ColdStartReport(List<ColdStartVariant> variants, List<SizeRegression> regressions,
    List<FindingResult> findings) {

  public ColdStartReport {
    variants = List.copyOf(variants);
    regressions = List.copyOf(regressions);
    findings = List.copyOf(findings);
  }
}
