package dev.perflab.harness.experiment.ramp;

import static dev.perflab.harness.config.StrictYaml.required;

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
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: user-ramp} experiment ({@code userRamp:}), and its engine: each variant (an
 * app in a mode, maybe with a switch in its environment) in a fresh container under one CPU and memory limit, closed users with a think time added at a rate
 * until the sliding window's p95 or error ratio passes its limit, second by second.
 *
 * @param cpus the container's CPU limit, in cores
 * @param memoryMebibytes its memory limit
 * @param mix what every user sends (the thesis: its I/O endpoint, 100 ms downstream)
 * @param atUsers the user counts whose CPU and memory are reported
 * @param analysis what the findings are judged against
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record UserRampSpec(double cpus, long memoryMebibytes, List<WeightedRequest> mix, List<Integer> atUsers,
    UserRampAnalysis analysis, Map<String, UserRampScale> scales) implements KindSpec {

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

  /** Per ramp about 15 s to start and stop, and at most its longest duration with its plateau. */
  @Override
  public Duration estimate(String scaleName) {
    UserRampScale scale = scale(scaleName);
    long ramps = (long) scale.variants().size() * scale.repetitions();
    return Duration.ofSeconds(ramps * (15 + scale.ramp().model().longestRun().toSeconds()));
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), UserRampPlan.toCheck(Images.local()::find, run.catalog(), this,
        run.scale()));
  }

  /** Opens the lab (with the stub if an app calls it) and ramps each point in turn. */
  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale());
    Sweep.Outcome<UserRampData> outcome;
    try (Lab lab = Lab.open(run.catalog(), run.config())) {
      outcome = Sweep.run(run.reportDir(), new UserRampPlan(lab, run.catalog(), this, run.scale()));
    }
    return UserRampResult.of(run, this, outcome);
  }
}
