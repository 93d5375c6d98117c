package dev.perflab.harness.experiment.replication;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.launch.BalancerSpec;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The block of a {@code kind: replication} experiment ({@code replication:}), and its engine: the monolith
 * against its split services, each service replicated behind HAProxy, every replica at one fixed CPU slice,
 * loaded with user sessions (the study's scenario R) run by Gatling; per configuration the study's table
 * (planned, sent, OK, KO by cause, effective failure ratio, latency buckets, Apdex) and HAProxy's own view.
 *
 * @param app the catalog's app every service runs (one framework a run, in contract v2 and v4 roles)
 * @param mode its mode
 * @param replica every replica's limits (a scale may name its own)
 * @param balancer HAProxy's limits, policy and timeouts
 * @param work the CPU work of the heavy step, in calibrated units
 * @param apdexMillis Apdex's T: satisfied at most T, tolerating at most 4T, failures frustrated
 * @param fullAcceptanceMaxEffectiveFailureRatio the effective failure ratio a configuration may keep in every
 *     run and still count as fully accepting
 * @param scales by name; {@code default} and {@code smoke} are required
 */
public record ReplicationSpec(String app, String mode, ReplicaLimits replica, BalancerSettings balancer,
    StepWork work, int apdexMillis, double fullAcceptanceMaxEffectiveFailureRatio, ReplicationAnalysis analysis,
    Map<String, ReplicationScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("replication", "replication", ReplicationSpec.class,
      ReplicationFindings.IDS, List.of(ReplicationDataset.STEPS_CSV, ReplicationDataset.CONTAINERS_CSV,
          ReplicationDataset.SERVERS_CSV, ReplicationDataset.STATE_CHANGES_CSV, ReplicationDataset.JSON));

  /** About how long a set takes to start at a small slice, and a Gatling JVM to start and stop. */
  private static final long START_SECONDS = 40;
  private static final long GATLING_SECONDS = 8;

  public ReplicationSpec {
    required(app, "app");
    required(mode, "mode");
    required(replica, "replica");
    required(balancer, "balancer");
    required(work, "work");
    if (apdexMillis < 1) {
      throw new IllegalArgumentException("'apdexMillis' must be at least 1, got " + apdexMillis);
    }
    if (!(fullAcceptanceMaxEffectiveFailureRatio >= 0) || fullAcceptanceMaxEffectiveFailureRatio >= 1) {
      throw new IllegalArgumentException("'fullAcceptanceMaxEffectiveFailureRatio' must be from 0 to under 1, got "
          + fullAcceptanceMaxEffectiveFailureRatio);
    }
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
    // HAProxy answers 504 at its server timeout: below the client's, it would cut requests the sessions still
    // wait for, and a slow answer would count as the balancer's failure, not as the client's timeout.
    BalancerSettings haproxy = balancer;
    scales.forEach((name, scale) -> {
      if (haproxy.serverTimeoutMillis() < scale.sessions().requestTimeoutMillis()) {
        throw new IllegalArgumentException("'balancer.serverTimeoutMillis' " + haproxy.serverTimeoutMillis()
            + " is under scale '" + name + "''s 'sessions.requestTimeoutMillis' " + scale.sessions()
            .requestTimeoutMillis() + ": HAProxy would answer 504 before the client gives up; set it at or above"
            + " every scale's request timeout");
      }
    });
  }

  public ReplicationScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  /** Every replica's limits at {@code scale}: its own where it names them, else the file's. */
  ReplicaLimits replica(ReplicationScale scale) {
    return scale.replica() == null ? replica : scale.replica();
  }

  /**
   * Refuses an app that does not answer the perflab contract (the sessions need its users and node endpoints), and
   * a configuration whose quotas, HAProxy's included, do not fit the measured CPUs, with the sums.
   */
  @Override
  public void check(SpecCheck check) {
    check.app(app, "replication.app");
    check.mode(mode, "replication.mode");
    if (!check.catalog().app(app).contract()) {
      throw check.refuse(app, "replication.app", "'" + app + "' does not answer the perflab contract, so it has no"
          + " users or node endpoints for the sessions");
    }
    scales.forEach((name, scale) -> scale.configurations().forEach(configuration ->
        ReplicationSets.of(check.catalog().app(app), check.catalog().mode(mode), configuration, this, scale, 1)
            .overBudget(check.catalog().measuredCpuCount(), check.catalog().measuredCpuset()).ifPresent(why -> {
              throw check.refuse(configuration.name(), "replication.scales." + name + ".configurations", why);
            })));
  }

  /**
   * Per configuration its start, warm-up and runs, each run its arrivals, its last session's pauses and quiet, with
   * 5 s for that session's ten requests: the time when the set answers quickly. An overloaded set's run lasts until
   * its last requests are answered or time out, up to the request timeout each, which this does not count.
   */
  @Override
  public Duration estimate(String scaleName) {
    ReplicationScale scale = scale(scaleName);
    long sessionSeconds = 5L * scale.sessions().pauseMillis() / 1000 + 5;
    long run = GATLING_SECONDS + scale.sessions().injectionSeconds() + sessionSeconds + scale.settleSeconds();
    long configuration = START_SECONDS + (scale.warmUpRuns() + scale.runs()) * run;
    long faulted = scale.configurations().stream().filter(c -> c.kill() != null).count();
    return Duration.ofSeconds(20 + 3L * scale.calibrationSeconds() + scale.configurations().size() * configuration
        + faulted * run);
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), ReplicationPlan.toCheck(Images.local()::find, run, this));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale());
    Sweep.Outcome<ReplicationData> outcome;
    try (Lab lab = Lab.open(run.catalog(), run.config())) {
      outcome = Sweep.run(run.reportDir(), new ReplicationPlan(lab, run, this));
    }
    return ReplicationResult.of(run, this, outcome);
  }

  /** Every replica's CPU quota (a fixed slice, whatever the configuration) and memory limit. */
  public record ReplicaLimits(double cpus, int cfsPeriodMillis, long memoryMebibytes) {

    public ReplicaLimits {
      CpuLimit.cores(cpus);
      if (cfsPeriodMillis < 1 || cfsPeriodMillis > 1000 || memoryMebibytes < 64) {
        throw new IllegalArgumentException("'replica' needs cfsPeriodMillis from 1 to 1000 and memoryMebibytes of at"
            + " least 64, got " + cfsPeriodMillis + " and " + memoryMebibytes);
      }
    }
  }

  /**
   * HAProxy's container and settings: its CPU quota counts in the set's sum; {@code policy} is round-robin or
   * least-connections; a server is checked every {@code checkIntervalMillis} on the app's readiness path;
   * {@code serverTimeoutMillis} (how long a replica may take to answer) is at least every scale's request timeout.
   */
  public record BalancerSettings(double cpus, long memoryMebibytes, String policy, int connectTimeoutMillis,
      int serverTimeoutMillis, int checkIntervalMillis) {

    public BalancerSettings {
      CpuLimit.cores(cpus);
      required(policy, "policy");
      policy(policy);
      if (memoryMebibytes < 16 || connectTimeoutMillis < 1 || serverTimeoutMillis < 1 || checkIntervalMillis < 100) {
        throw new IllegalArgumentException("'balancer' needs memoryMebibytes of at least 16, timeouts above 0 and"
            + " checkIntervalMillis of at least 100");
      }
    }

    BalancerSpec.Policy policyValue() {
      return policy(policy);
    }

    private static BalancerSpec.Policy policy(String policy) {
      return switch (policy) {
        case "round-robin" -> BalancerSpec.Policy.ROUND_ROBIN;
        case "least-connections" -> BalancerSpec.Policy.LEAST_CONNECTIONS;
        default -> throw new IllegalArgumentException("'balancer.policy' is round-robin or least-connections, got '"
            + policy + "'");
      };
    }
  }

  /**
   * The heavy step's CPU work, in units of {@code unitCpuMillis} calibrated per run (contract v4's kernel): the
   * gateway's part and the worker's; the monolith does both itself.
   */
  public record StepWork(double unitCpuMillis, int gatewayUnits, int workerUnits) {

    public StepWork {
      if (!(unitCpuMillis > 0) || unitCpuMillis > 100 || gatewayUnits < 0 || workerUnits < 1) {
        throw new IllegalArgumentException("'work' needs unitCpuMillis above 0 and at most 100, gatewayUnits of 0 or"
            + " more and workerUnits of at least 1");
      }
    }
  }
}
