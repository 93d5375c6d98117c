package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.sweep.SweepData;
import java.util.List;

/**
 * What an autoscaling experiment's runs measured so far, each table in the plan's order.
 *
 * @param runs one row per run: its totals, cost and outcome
 * @param seconds per run and second of the measured schedule: users, requests, errors, p95, SLO, replicas
 * @param replicas per run, second and service: the autoscaler's desired replicas, the Deployment's, those ready, and
 *     the CPU utilisation the autoscaler read
 * @param pods per run, every pod a service had: created, ready and gone (seconds from the schedule's start), limits
 *     and cost
 * @param bursts per run, burst and service: seconds from the burst to the autoscaler's first scale-out and to the
 *     first new pod ready
 */
public record AutoscalingData(List<RunRow> runs, List<SecondRow> seconds, List<ReplicaRow> replicas,
    List<PodRow> pods, List<BurstRow> bursts) implements SweepData<AutoscalingData> {

  public static final AutoscalingData EMPTY = new AutoscalingData(List.of(), List.of(), List.of(), List.of(),
      List.of());

  /**
   * @param measured false for a run that could not be made; {@code failure} says why
   * @param costDollars every pod's limits over its life in the schedule at the spec's prices
   * @param podSeconds pods' lives in the schedule, summed
   * @param sloViolationSeconds seconds whose p95 or error share passed the SLO
   */
  public record RunRow(String app, String mode, int run, boolean measured, String failure, long requests, long errors,
      double p95Millis, int sloViolationSeconds, int seconds, double costDollars, double podSeconds,
      int maxReplicas) {

    /** The framework in its mode, as the summary names it: {@code spring-boot/jvm}. */
    public String framework() {
      return app + "/" + mode;
    }
  }

  public record SecondRow(String app, String mode, int run, int second, String phase, int users, long requests,
      long errors, double p95Millis, boolean sloViolated, int readyReplicas) {}

  public record ReplicaRow(String app, String mode, int run, int second, String service, int desiredReplicas,
      int currentReplicas, int readyReplicas, Integer cpuPercent) {}

  /** {@code goneSecond} is null for a pod that lived to the schedule's end. */
  public record PodRow(String app, String mode, int run, String service, String pod, double createdSecond,
      Double readySecond, Double goneSecond, double cpus, double memoryGib, double lifeSeconds, double costDollars) {}

  /** Null seconds: the service did not scale out (or had no new pod ready) before the next phase's end. */
  public record BurstRow(String app, String mode, int run, int burst, int startSecond, String service,
      Integer scaleOutSeconds, Double firstReadySeconds) {

    public String framework() {
      return app + "/" + mode;
    }
  }

  public AutoscalingData {
    runs = List.copyOf(runs);
    seconds = List.copyOf(seconds);
    replicas = List.copyOf(replicas);
    pods = List.copyOf(pods);
    bursts = List.copyOf(bursts);
  }

  @Override
  public AutoscalingData plus(AutoscalingData more) {
    return new AutoscalingData(SweepData.join(runs, more.runs), SweepData.join(seconds, more.seconds),
        SweepData.join(replicas, more.replicas), SweepData.join(pods, more.pods), SweepData.join(bursts, more.bursts));
  }
}
