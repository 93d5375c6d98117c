package dev.perflab.harness.experiment.autoscaling;

import static dev.perflab.harness.config.StrictYaml.required;

import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import dev.perflab.harness.load.BurstLoop;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * One scale of an autoscaling experiment: the frameworks, the modes each runs in (the thesis compared JVM and
 * ahead-of-time builds), how many runs of each (one fresh set per run, run by run
 * so that drift spreads over the frameworks), and each run's load: {@code warmupSeconds} of the first phase's users,
 * not recorded, then the phases (a baseline, a burst, the baseline again, …) of closed users who think
 * {@code thinkMinMillis} to {@code thinkMaxMillis} between requests.
 *
 * @param calibrationSeconds how long each of the work unit's calibration counts lasts
 * @param scaleDownStabilizationSeconds the autoscalers' scale-down window at this scale, where it is not the policy's
 *     (a smoke that must see the services scale in within a short run); left out: the policy's
 */
public record AutoscalingScale(List<String> apps, List<String> modes, int runs, int calibrationSeconds,
    int warmupSeconds, int thinkMinMillis, int thinkMaxMillis, List<PhaseSpec> phases,
    @JacksonInject(StrictYaml.ABSENT + "scaleDownStabilizationSeconds") Integer scaleDownStabilizationSeconds) {

  /** A stretch of the load: {@code users} closed users for {@code seconds}; a phase named "burst" is a burst. */
  public record PhaseSpec(String name, int users, int seconds) {

    public PhaseSpec {
      required(name, "name");
      if (users < 0 || seconds < 1) {
        throw new IllegalArgumentException("phase '" + name + "' needs 0 or more users and at least 1 s, got " + users
            + " users for " + seconds + " s");
      }
    }

    BurstLoop.Phase phase() {
      return new BurstLoop.Phase(name, users, Duration.ofSeconds(seconds));
    }

    boolean burst() {
      return BURST.equals(name);
    }
  }

  /** The name of a phase whose start is a burst: scale-out times are measured from it. */
  static final String BURST = "burst";

  public AutoscalingScale {
    apps = List.copyOf(required(apps, "apps"));
    modes = List.copyOf(required(modes, "modes"));
    if (modes.isEmpty() || modes.size() != Set.copyOf(modes).size()) {
      throw new IllegalArgumentException("'modes' must name at least one mode, each once, got " + modes);
    }
    phases = List.copyOf(required(phases, "phases"));
    if (apps.isEmpty() || runs < 1 || runs > 20 || calibrationSeconds < 1 || warmupSeconds < 0) {
      throw new IllegalArgumentException("a scale needs at least one app, 'runs' from 1 to 20, 'calibrationSeconds' of"
          + " at least 1 and 'warmupSeconds' of 0 or more; got " + apps + ", " + runs + ", " + calibrationSeconds
          + " and " + warmupSeconds);
    }
    if (thinkMinMillis < 0 || thinkMaxMillis < thinkMinMillis) {
      throw new IllegalArgumentException("'thinkMinMillis' must be 0 or more and at most 'thinkMaxMillis', got "
          + thinkMinMillis + " and " + thinkMaxMillis);
    }
    if (scaleDownStabilizationSeconds != null && scaleDownStabilizationSeconds < 0) {
      throw new IllegalArgumentException("'scaleDownStabilizationSeconds' must be 0 or more, got "
          + scaleDownStabilizationSeconds);
    }
    if (phases.stream().noneMatch(PhaseSpec::burst)) {
      throw new IllegalArgumentException("'phases' has no phase named '" + BURST + "': there is nothing to scale"
          + " through");
    }
  }

  /** The measured schedule's length, in seconds. */
  int measuredSeconds() {
    return phases.stream().mapToInt(PhaseSpec::seconds).sum();
  }
}
