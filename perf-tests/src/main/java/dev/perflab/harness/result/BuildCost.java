package dev.perflab.harness.result;

import dev.perflab.harness.stats.Distribution;
import java.util.List;
import java.util.Objects;

/**
 * What it costs to build one app in one mode, from compiled sources to its image: the Maven
 * {@code package} of the app in that mode alone (offline, tests skipped, image layers not
 * cached), timed and CPU-counted as a whole. For an AOT mode the CPU of the training run,
 * which happens inside the image build where the Maven process tree cannot see it, is added
 * from the image's training record. A reported cost, never a budget.
 *
 * @param wallMillis one entry per timed build
 * @param cpuMillis Maven and every process it waited for, plus the training's CPU, per build
 * @param artifactBytes what the image is built from: the packaged app (and the AOT cache)
 * @param outcome measured; failed (the reason and the tail of its log); or unavailable, with why
 *     the mode cannot be built here
 */
public record BuildCost(
    String app,
    String mode,
    List<String> command,
    List<Long> wallMillis,
    List<Long> cpuMillis,
    long artifactBytes,
    long imageBytes,
    Outcome outcome) {

  public BuildCost {
    Objects.requireNonNull(outcome, "outcome");
    command = List.copyOf(command);
    wallMillis = List.copyOf(wallMillis);
    cpuMillis = List.copyOf(cpuMillis);
  }

  public static BuildCost unavailable(String app, String mode, String reason) {
    return new BuildCost(app, mode, List.of(), List.of(), List.of(), 0, 0, Outcome.unavailable(reason));
  }

  public Distribution wall() {
    return Distribution.of(wallMillis);
  }

  public Distribution cpu() {
    return Distribution.of(cpuMillis);
  }

  public boolean measured() {
    return outcome.measured() && !wallMillis.isEmpty();
  }
}
