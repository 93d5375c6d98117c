package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.List;

/** One scale of a user-ramp experiment: each variant ramped {@code repetitions} times, as {@code ramp} says. */
public record UserRampScale(List<RampVariantSpec> variants, RampSettings ramp, int repetitions) {

  public UserRampScale {
    variants = List.copyOf(required(variants, "variants"));
    required(ramp, "ramp");
    if (variants.isEmpty()) {
      throw new IllegalArgumentException("'variants' names at least one");
    }
    if (variants.stream().map(RampVariantSpec::name).distinct().count() < variants.size()) {
      throw new IllegalArgumentException("'variants' gives two the same name: "
          + variants.stream().map(RampVariantSpec::name).toList());
    }
    if (repetitions < 1) {
      throw new IllegalArgumentException("'repetitions' must be at least 1, got " + repetitions);
    }
  }
}
