package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.result.ImageInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The block of a {@code kind: user-ramp} experiment ({@code userRamp:}), and its engine: the CPU limit found first
 * ({@link UserRampCalibration}), then each variant (an app in a mode, maybe with a switch in its environment) in a
 * fresh container under that one CPU limit and the memory limit, closed users with a think time added at a rate
 * until the p95 or the error ratio since the ramp's start passes its limit, second by second.
 *
 * @param cpus the container's CPU limit, in cores; with a scale's {@code cpuCalibration}, its first round's limit
 *     and the loosest it may find
 * @param memoryMebibytes its memory limit
 * @param mix what every user sends (the thesis: its I/O endpoint, 100 ms downstream)
 * @param atUsers the user counts whose CPU and memory are reported
 * @param analysis what the findings are judged against
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record UserRampSpec(double cpus, long memoryMebibytes, List<WeightedRequest> mix, List<Integer> atUsers,
    UserRampAnalysis analysis, Map<String, UserRampScale> scales) implements KindSpec {

  /** A container's start and stop, about (at a tight CPU limit a JVM starts slower). */
  private static final long LAUNCH_SECONDS = 20;

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("user-ramp", "userRamp", UserRampSpec.class,
      UserRampFindings.IDS, List.of(UserRampDataset.CSV, UserRampDataset.JSON));

  public UserRampSpec {
    if (!(cpus > 0) || memoryMebibytes < 1) {
      throw new IllegalArgumentException("'cpus' and 'memoryMebibytes' must be above 0");
    }
    mix = List.copyOf(required(mix, "mix"));
    atUsers = List.copyOf(required(atUsers, "atUsers"));
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
  }

  public UserRampScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  @Override
  public void check(SpecCheck check) {
    scales.forEach((name, scale) -> scale.variants().forEach(variant -> {
      check.app(variant.app(), "userRamp.scales." + name + ".variants");
      check.mode(variant.mode(), "userRamp.scales." + name + ".variants");
    }));
    List<String> named = scale("default").variants().stream().map(RampVariantSpec::name).toList();
    for (String variant : List.of(analysis.blocking(), analysis.nonBlocking())) {
      if (!named.contains(variant)) {
        throw check.refuse(variant, "userRamp.analysis", "no variant '" + variant + "' in the default scale; it has "
            + named);
      }
    }
  }

  /**
   * At most: per ramp about {@value #LAUNCH_SECONDS} s to start and stop and its longest duration with its plateau,
   * and per calibration round as long to start and its users' seconds.
   */
  @Override
  public Duration estimate(String scaleName) {
    UserRampScale scale = scale(scaleName);
    long ramps = (long) scale.variants().size() * scale.repetitions();
    CpuCalibration calibration = scale.cpuCalibration();
    long calibrating = calibration == null ? 0
        : (long) calibration.rounds() * (LAUNCH_SECONDS + calibration.roundSeconds());
    return Duration.ofSeconds(calibrating
        + ramps * (LAUNCH_SECONDS + scale.ramp().model().longestRun().toSeconds()));
  }

  /** Only with its CPU limit known: the file's, or one a run of this setup calibrated into the report folder. */
  @Override
  public boolean finished(ExperimentRun run) {
    Function<String, Optional<ImageInfo>> findImage = Images.local()::find;
    Optional<CpuLimit> cpu = new UserRampCalibration(findImage, run.catalog(), this, run.scale(), run.reportDir(),
        run.loaded().file()).recordedLimit();
    return cpu.isPresent() && Sweep.finished(run.reportDir(), UserRampPlan.toCheck(findImage, run.catalog(), this,
        run.scale(), cpu.get()));
  }

  /**
   * Opens the lab (with the stub if an app calls it), finds the CPU limit, and ramps each point in turn at it; a
   * refused calibration runs no ramp, and its report says why.
   */
  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale());
    Sweep.Outcome<UserRampData> outcome;
    CpuCalibrator.Outcome cpu;
    try (Lab lab = Lab.open(run.catalog(), run.config())) {
      cpu = new UserRampCalibration(lab.images()::find, run.catalog(), this, run.scale(), run.reportDir(),
          run.loaded().file()).outcome(lab);
      if (cpu.refused()) {
        return UserRampResult.of(run, this, new Sweep.Outcome<>(UserRampData.EMPTY, 0, 0, List.of()), cpu);
      }
      outcome = Sweep.run(run.reportDir(), new UserRampPlan(lab, run.catalog(), this, run.scale(),
          CpuLimit.cores(cpu.cpuLimitCores())));
    }
    return UserRampResult.of(run, this, outcome, cpu);
  }
}
