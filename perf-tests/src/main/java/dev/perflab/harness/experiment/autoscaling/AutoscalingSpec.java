package dev.perflab.harness.experiment.autoscaling;

import static dev.perflab.harness.config.StrictYaml.required;

import dev.perflab.harness.config.EngineSettings;
import dev.perflab.harness.experiment.ExperimentKind;
import dev.perflab.harness.experiment.ExperimentResult;
import dev.perflab.harness.experiment.ExperimentRun;
import dev.perflab.harness.experiment.KindReports;
import dev.perflab.harness.experiment.KindSpec;
import dev.perflab.harness.experiment.SpecCheck;
import dev.perflab.harness.experiment.finding.StudyFigure;
import dev.perflab.harness.experiment.sweep.Sweep;
import dev.perflab.harness.experiment.topology.TopologyVariant;
import dev.perflab.harness.launch.Images;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.kubernetes.Autoscaler;
import dev.perflab.harness.launch.kubernetes.KubernetesSetLauncher;
import dev.perflab.harness.launch.kubernetes.NodeCapacity;
import java.io.IOException;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The block of a {@code kind: autoscaling} experiment ({@code autoscaling:}), and its engine: a topology's services
 * (the product catalog) on a Kubernetes cluster, a HorizontalPodAutoscaler on each, closed users with think time in
 * bursts; per run each service's replicas over time, how long after a burst each scaled out and had its first new
 * pod ready, the seconds out of the SLO, and the run's cost: every pod's limits over its life at the study's prices.
 *
 * @param unitReference the framework whose calibration sets the work unit: every framework then runs the same kernel
 *     rounds per request, so that its CPU per request is its own (the thesis priced that difference)
 * @param requestShares each request type and its share of the users' requests
 * @param unitCpuMillis the CPU of one work unit in {@code unitReference}, calibrated in the scale's first mode
 * @param variant the services, what each does and calls, each starting at one replica
 * @param policy every service's autoscaler; the thesis gave its 70 % target only, the rest is chosen and recorded
 * @param slo a second is out of it when its 95th percentile or its share of errors passes these
 * @param prices what a vCPU-hour and a GiB-hour of limits cost, and where the figures come from
 */
public record AutoscalingSpec(String unitReference, Map<String, Double> requestShares, double unitCpuMillis,
    TopologyVariant variant, Autoscaler.Policy policy, Slo slo, Prices prices, AutoscalingAnalysis analysis,
    Map<String, AutoscalingScale> scales) implements KindSpec {

  /** Its entry in {@code BundledKinds.ALL}. */
  public static final ExperimentKind KIND = new ExperimentKind("autoscaling", "autoscaling", AutoscalingSpec.class,
      AutoscalingFindings.IDS, List.of(AutoscalingDataset.RUNS_CSV, AutoscalingDataset.SECONDS_CSV,
          AutoscalingDataset.REPLICAS_CSV, AutoscalingDataset.PODS_CSV, AutoscalingDataset.BURSTS_CSV,
          AutoscalingDataset.JSON), true);

  private static final Logger LOG = LoggerFactory.getLogger(AutoscalingSpec.class);
  /** About how long a set of four services takes to start on the cluster, and one to go. */
  private static final long START_SECONDS = 60;

  /** The SLO a second is held to: its 95th percentile latency, and its share of requests that failed. */
  public record Slo(int p95Millis, double errorShare) {

    public Slo {
      if (p95Millis < 1 || !(errorShare >= 0) || errorShare > 1) {
        throw new IllegalArgumentException("'slo' needs p95Millis of at least 1 and errorShare from 0 to 1, got "
            + p95Millis + " and " + errorShare);
      }
    }
  }

  /** Dollars per vCPU-hour and per GiB-hour of limits, and where the figures come from. */
  public record Prices(double vcpuHour, double gibHour, String source) {

    public Prices {
      required(source, "source");
      if (!(vcpuHour > 0) || !(gibHour > 0)) {
        throw new IllegalArgumentException("'prices' must be above 0, got " + vcpuHour + " and " + gibHour);
      }
    }
  }

  /** The study's figure the cost finding is held to. */
  public record AutoscalingAnalysis(String expensive, List<String> cheaper, StudyFigure costRatio) {

    public AutoscalingAnalysis {
      required(expensive, "expensive");
      cheaper = List.copyOf(required(cheaper, "cheaper"));
      required(costRatio, "costRatio");
    }
  }

  public AutoscalingSpec {
    required(unitReference, "unitReference");
    // Sorted: the shares go into each point's settings, which must read the same in every JVM.
    requestShares = Collections.unmodifiableMap(new TreeMap<>(required(requestShares, "requestShares")));
    double shares = requestShares.values().stream().mapToDouble(Double::doubleValue).sum();
    if (requestShares.isEmpty() || Math.abs(shares - 1) > 1e-9
        || requestShares.values().stream().anyMatch(share -> !(share >= 0))) {
      throw new IllegalArgumentException("'requestShares' must give each request type a share of 0 or more, summing to"
          + " 1, got " + requestShares);
    }
    if (!(unitCpuMillis > 0)) {
      throw new IllegalArgumentException("'unitCpuMillis' must be above 0, got " + unitCpuMillis);
    }
    required(variant, "variant");
    variant.checkServes(List.copyOf(requestShares.keySet()));
    required(policy, "policy");
    required(slo, "slo");
    required(prices, "prices");
    required(analysis, "analysis");
    scales = Map.copyOf(required(scales, "scales"));
    KindReports.requireDefaultAndSmoke(scales);
  }

  public AutoscalingScale scale(String name) {
    return KindReports.scale(scales, name);
  }

  /** The autoscalers' policy at {@code scale}: the file's, with the scale's scale-down window where it sets one. */
  public Autoscaler.Policy policy(AutoscalingScale scale) {
    if (scale.scaleDownStabilizationSeconds() == null) {
      return policy;
    }
    return new Autoscaler.Policy(policy.targetCpuPercent(), policy.minReplicas(), policy.maxReplicas(),
        policy.scaleUpStabilizationSeconds(), scale.scaleDownStabilizationSeconds());
  }

  @Override
  public void check(SpecCheck check) {
    check.app(unitReference, "autoscaling.unitReference");
    scales.forEach((name, scale) -> scale.modes()
        .forEach(mode -> check.mode(mode, "autoscaling.scales." + name + ".modes")));
    scales.forEach((name, scale) -> scale.apps().forEach(app -> {
      check.app(app, "autoscaling.scales." + name + ".apps");
      if (!check.catalog().app(app).contract()) {
        throw check.refuse(app, "autoscaling.scales." + name + ".apps", "'" + app + "' does not answer the perflab"
            + " contract, so it has no node endpoint for the services' work");
      }
    }));
  }

  @Override
  public boolean picksApps() {
    return true;
  }

  /** Per run: the set's start, the calibration, the warm-up and the schedule. */
  @Override
  public Duration estimate(String scaleName) {
    return estimate(scaleName, List.of());
  }

  @Override
  public Duration estimate(String scaleName, List<String> apps) {
    AutoscalingScale scale = scale(scaleName);
    long frameworks = apps.isEmpty() ? scale.apps().size() : apps.size();
    long run = START_SECONDS + scale.warmupSeconds() + scale.measuredSeconds();
    // One calibration (the reference framework's), then every framework in every mode, run by run.
    return Duration.ofSeconds(20 + 3L * scale.calibrationSeconds()
        + frameworks * scale.modes().size() * scale.runs() * run);
  }

  @Override
  public boolean finished(ExperimentRun run) {
    return Sweep.finished(run.reportDir(), AutoscalingPlan.toCheck(Images.local()::find, run.catalog(), this,
        run.scale(), run.apps()));
  }

  @Override
  public ExperimentResult run(ExperimentRun run) throws IOException, InterruptedException {
    scale(run.scale());
    if (KIND.needsCluster() && EngineSettings.read().engine() != EngineSettings.Engine.KUBERNETES) {
      throw new IllegalArgumentException("an autoscaling experiment needs a cluster's autoscaler: run it with"
          + " -Dperflab.engine=kubernetes (docker/kubernetes/cluster.sh start brings one up here)");
    }
    Sweep.Outcome<AutoscalingData> outcome;
    ReachableCost reach;
    try (Lab lab = Lab.open(run.catalog(), run.config())) {
      AutoscalingScale scale = scale(run.scale());
      OptionalDouble freeCpus = lab.sets() instanceof KubernetesSetLauncher cluster ? NodeCapacity.freeCpus(cluster)
          : OptionalDouble.empty();
      reach = ReachableCost.of(scale.phases(), policy(scale), variant.services(), prices, freeCpus);
      // Before anything is measured: a design that cannot reach the claim says so first.
      LOG.info("Autoscaling: {}", reach.describe());
      outcome = Sweep.run(run.reportDir(), new AutoscalingPlan(lab, run, this));
    }
    return AutoscalingResult.of(run, this, outcome, reach);
  }
}
