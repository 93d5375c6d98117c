package dev.perflab.harness.experiment.ramp;

import dev.perflab.harness.experiment.finding.FindingResult;
import java.util.List;

/** A user-ramp experiment's analyses: its variants and its findings. */
public record UserRampReport(List<RampVariant> variants, List<FindingResult> findings) {

  public UserRampReport {
    variants = List.copyOf(variants);
    findings = List.copyOf(findings);
  }
}
