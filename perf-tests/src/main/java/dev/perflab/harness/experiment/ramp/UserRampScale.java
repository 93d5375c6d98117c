package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;

/**
 * One scale of a user-ramp experiment: each variant ramped {@code repetitions} times, as {@code ramp} says.
 *
 * @param cpuCalibration how the CPU limit every variant runs at is found before the ramps; left out: the file's
 *     {@code cpus}
 */
public record UserRampScale(List<RampVariantSpec> variants,
    @JacksonInject(StrictYaml.ABSENT + "cpuCalibration") CpuCalibration cpuCalibration, RampSettings ramp,
    int repetitions) {

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
