package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.autoscaling.AutoscalingScale.PhaseSpec;
import dev.perflab.harness.experiment.autoscaling.AutoscalingSpec.Prices;
import dev.perflab.harness.experiment.topology.TopologyService;
import dev.perflab.harness.launch.kubernetes.Autoscaler;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The largest cost ratio the design lets a run show, worked out before it runs: one framework holds every replica the
 * policy and the node allow from one autoscaler sync into each burst until the burst, the scale-down window and a sync
 * after it have passed; the other stays at the floor. A finding placed below that ratio's reach by the design, not by
 * the frameworks, cannot disagree: the rule's "cannot reach" clause makes it inconclusive.
 *
 * @param ratio the most the costlier run can cost over the floor's
 * @param floorDollarsPerHour every service at its minimum replicas
 * @param extraDollarsPerHour the most the replicas above the floor can add at once
 * @param extraPods how many pods above the floor fit at once: the policy's bound, or the node's where smaller
 * @param freeCpus the CPU the node could place the set's pods on (null: not readable, the policy's bound alone)
 * @param burstSeconds the seconds of the schedule in which the extra replicas can live
 * @param scheduleSeconds the measured schedule's length
 */
public record ReachableCost(double ratio, double floorDollarsPerHour, double extraDollarsPerHour, int extraPods,
    Double freeCpus, int burstSeconds, int scheduleSeconds) {

  /** How often the cluster's autoscaler acts (its controller's default sync period): the soonest a burst is seen. */
  static final int SYNC_SECONDS = 15;

  static ReachableCost of(List<PhaseSpec> phases, Autoscaler.Policy policy, List<TopologyService> services,
      Prices prices, OptionalDouble freeCpus) {
    double floor = 0;
    double floorCpus = 0;
    for (TopologyService service : services) {
      floor += policy.minReplicas() * podDollarsPerHour(service, prices);
      floorCpus += policy.minReplicas() * service.cpus();
    }
    // The costliest pods per CPU first: the bound is on what the extra replicas can cost, so it fills the node with
    // those (one service here, or services of equal pods).
    List<TopologyService> byCostPerCpu = services.stream().sorted((a, b) -> Double.compare(
        podDollarsPerHour(b, prices) / b.cpus(), podDollarsPerHour(a, prices) / a.cpus())).toList();
    double room = freeCpus.isPresent() ? freeCpus.getAsDouble() - floorCpus : Double.POSITIVE_INFINITY;
    double extra = 0;
    int pods = 0;
    for (TopologyService service : byCostPerCpu) {
      for (int replica = policy.minReplicas(); replica < policy.maxReplicas() && room >= service.cpus() - 1e-9;
          replica++) {
        room -= service.cpus();
        extra += podDollarsPerHour(service, prices);
        pods++;
      }
    }
    int schedule = phases.stream().mapToInt(PhaseSpec::seconds).sum();
    int burst = burstSeconds(phases, policy, schedule);
    double ratio = floor == 0 ? Double.NaN : (floor * schedule + extra * burst) / (floor * schedule);
    return new ReachableCost(ratio, floor, extra, pods, freeCpus.isPresent() ? freeCpus.getAsDouble() : null, burst,
        schedule);
  }

  /** The seconds covered by some burst's reach: from one sync into it to its scale-down window and a sync after. */
  private static int burstSeconds(List<PhaseSpec> phases, Autoscaler.Policy policy, int schedule) {
    boolean[] covered = new boolean[schedule];
    int at = 0;
    for (PhaseSpec phase : phases) {
      if (phase.burst()) {
        int from = at + policy.scaleUpStabilizationSeconds() + SYNC_SECONDS;
        int until = Math.min(schedule, at + phase.seconds() + policy.scaleDownStabilizationSeconds() + SYNC_SECONDS);
        for (int second = from; second < until; second++) {
          covered[second] = true;
        }
      }
      at += phase.seconds();
    }
    int seconds = 0;
    for (boolean c : covered) {
      seconds += c ? 1 : 0;
    }
    return seconds;
  }

  private static double podDollarsPerHour(TopologyService service, Prices prices) {
    return service.cpus() * prices.vcpuHour() + service.memoryMebibytes() / 1024.0 * prices.gibHour();
  }

  /**
   * Whether the study's figure lies out of the design's reach: then a ratio below it may be the design's, and a reading
   * below the claim cannot tell the frameworks from the design.
   */
  boolean cannotReach(double studyFigure) {
    return Double.isFinite(ratio) && ratio < studyFigure;
  }

  /** The bound and what sets it, for the report and the log before the run. */
  String describe() {
    return String.format(Locale.ROOT, "the design can show a cost ratio of at most %.2f: the floor ($%.4f an hour,"
        + " every service at its minimum) through the %d s schedule, against %d extra pod(s) ($%.4f an hour more; %s)"
        + " for the %d s that some burst can hold them (from one %d s sync into it to its scale-down window and a"
        + " sync after)", ratio, floorDollarsPerHour, scheduleSeconds, extraPods, extraDollarsPerHour,
        freeCpus == null ? "the node's free CPU not readable, the policy's maximum alone"
            : String.format(Locale.ROOT, "%.2f CPU free on the node for the set", freeCpus), burstSeconds,
        SYNC_SECONDS);
  }
}
