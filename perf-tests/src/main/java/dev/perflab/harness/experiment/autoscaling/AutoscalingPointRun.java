package dev.perflab.harness.experiment.autoscaling;

import dev.perflab.harness.experiment.autoscaling.AutoscalingData.BurstRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.PodRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.ReplicaRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.RunRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingData.SecondRow;
import dev.perflab.harness.experiment.autoscaling.AutoscalingScale.PhaseSpec;
import dev.perflab.harness.experiment.topology.TopologyService;
import dev.perflab.harness.experiment.topology.TopologySets;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.kubernetes.Autoscaler;
import dev.perflab.harness.launch.kubernetes.KubernetesSetLauncher;
import dev.perflab.harness.load.BurstLoop;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One run: the topology's services started fresh at one replica each, an autoscaler attached to each, the users'
 * warm-up (not recorded), then the schedule, the cluster sampled every second on the schedule's clock; the run's
 * cost from every pod's limits over its life in the schedule.
 */
final class AutoscalingPointRun {

  private static final Logger LOG = LoggerFactory.getLogger(AutoscalingPointRun.class);
  /** Contract v4's node endpoint: {@code GET /node/{type}}. */
  private static final String NODE_PATH = "/node/";
  private static final double SECONDS_PER_HOUR = 3600;
  private static final double BYTES_PER_GIB = 1L << 30;

  private final Lab lab;
  private final AutoscalingSpec spec;
  private final AutoscalingScale scale;

  AutoscalingPointRun(Lab lab, AutoscalingSpec spec, AutoscalingScale scale) {
    this.lab = lab;
    this.spec = spec;
    this.scale = scale;
  }

  static AutoscalingData failed(AutoscalingPoint point, String why) {
    LOG.error("{}: {}", point.id(), why);
    return new AutoscalingData(List.of(new RunRow(point.app().name(), point.mode().name(), point.run(), false, why, 0,
        0, Double.NaN, 0, 0, Double.NaN, Double.NaN, 0)), List.of(), List.of(), List.of(), List.of());
  }

  AutoscalingData run(AutoscalingPoint point, long unitIterations) throws InterruptedException {
    if (!(lab.sets() instanceof KubernetesSetLauncher cluster)) {
      return failed(point, "the lab runs on the local engine, which has no autoscaler: run with"
          + " -Dperflab.engine=kubernetes");
    }
    RunningSet set;
    try {
      set = lab.sets().start(TopologySets.of(point.app(), point.mode(), spec.variant(), unitIterations, point.run()));
    } catch (CellLaunchException e) {
      return failed(point, "the services did not start: " + e.failure().describe());
    }
    try (set; Autoscaler autoscaler = Autoscaler.attach(cluster, set, spec.policy(scale))) {
      List<BurstLoop.Target> targets = spec.requestShares().entrySet().stream()
          .map(share -> new BurstLoop.Target(share.getKey(), autoscaler.serviceAddress(spec.variant().entry(
              share.getKey())), share.getValue())).sorted(Comparator.comparing(BurstLoop.Target::type))
          .toList();
      Duration thinkMin = Duration.ofMillis(scale.thinkMinMillis());
      Duration thinkMax = Duration.ofMillis(scale.thinkMaxMillis());
      if (scale.warmupSeconds() > 0) {
        BurstLoop.run(List.of(new BurstLoop.Phase("warm-up", scale.phases().getFirst().users(),
            Duration.ofSeconds(scale.warmupSeconds()))), targets, thinkMin, thinkMax, NODE_PATH, point.run(), s -> { });
      }
      List<ReplicaRow> replicas = new ArrayList<>();
      Instant start = Instant.now();
      autoscaler.sample(start).forEach(state -> replicas.add(row(point, 0, state)));
      List<BurstLoop.Sent> sent = BurstLoop.run(scale.phases().stream().map(PhaseSpec::phase).toList(), targets,
          thinkMin, thinkMax, NODE_PATH, 1000L + point.run(), second -> autoscaler.sample(Instant.now())
              .forEach(state -> replicas.add(row(point, (int) second, state))));
      Instant end = Instant.now();
      autoscaler.sample(end);
      return measured(point, start, end, sent, replicas, autoscaler.pods());
    } catch (RuntimeException e) {
      return failed(point, "the run failed: " + e.getMessage());
    }
  }

  private AutoscalingData measured(AutoscalingPoint point, Instant start, Instant end, List<BurstLoop.Sent> sent,
      List<ReplicaRow> replicas, List<Autoscaler.PodLife> lives) {
    String app = point.app().name();
    int seconds = scale.measuredSeconds();
    List<SecondRow> secondRows = new ArrayList<>();
    Histogram all = new Histogram(3);
    long errors = 0;
    int violations = 0;
    Map<Long, List<BurstLoop.Sent>> bySecond = sent.stream().collect(Collectors.groupingBy(
        request -> request.startMillis() / 1000));
    Map<Integer, Integer> readyBySecond = replicas.stream().collect(Collectors.groupingBy(ReplicaRow::second,
        Collectors.summingInt(ReplicaRow::readyReplicas)));
    for (int second = 0; second < seconds; second++) {
      Histogram histogram = new Histogram(3);
      long secondErrors = 0;
      long requests = 0;
      for (BurstLoop.Sent request : bySecond.getOrDefault((long) second, List.of())) {
        requests++;
        histogram.recordValue(Math.max(1, Math.round(request.latencyMillis() * 1000)));
        secondErrors += request.ok() ? 0 : 1;
      }
      all.add(histogram);
      errors += secondErrors;
      double p95 = requests == 0 ? Double.NaN : histogram.getValueAtPercentile(95) / 1000.0;
      boolean violated = requests > 0 && (p95 > spec.slo().p95Millis()
          || (double) secondErrors / requests > spec.slo().errorShare());
      violations += violated ? 1 : 0;
      // The sample taken at the end of the second.
      int ready = readyBySecond.getOrDefault(second + 1, 0);
      PhaseSpec phase = phaseAt(second);
      secondRows.add(new SecondRow(app, point.mode().name(), point.run(), second, phase.name(), phase.users(),
          requests, secondErrors, p95, violated, ready));
    }
    List<PodRow> pods = new ArrayList<>();
    double cost = 0;
    double podSeconds = 0;
    for (Autoscaler.PodLife life : lives) {
      double born = Math.max(0, seconds(start, life.created()));
      double gone = life.gone() == null ? seconds(start, end) : Math.min(seconds(start, end), seconds(start, life.gone()));
      double lived = Math.max(0, gone - born);
      double cpus = life.millicores() / 1000.0;
      double gib = life.memoryBytes() / BYTES_PER_GIB;
      double podCost = lived / SECONDS_PER_HOUR * (cpus * spec.prices().vcpuHour() + gib * spec.prices().gibHour());
      cost += podCost;
      podSeconds += lived;
      pods.add(new PodRow(app, point.mode().name(), point.run(), life.service(), life.pod(),
          seconds(start, life.created()),
          life.ready() == null ? null : seconds(start, life.ready()), life.gone() == null ? null
          : seconds(start, life.gone()), cpus, gib, lived, podCost));
    }
    int maxReplicas = replicas.stream().collect(Collectors.groupingBy(ReplicaRow::second,
        Collectors.summingInt(ReplicaRow::currentReplicas))).values().stream()
        .mapToInt(Integer::intValue).max().orElse(0);
    RunRow run = new RunRow(app, point.mode().name(), point.run(), true, null, all.getTotalCount(), errors,
        all.getTotalCount() == 0 ? Double.NaN : all.getValueAtPercentile(95) / 1000.0, violations, seconds, cost,
        podSeconds, maxReplicas);
    LOG.info("{}: {} requests, {} errors, {} s out of the SLO, cost ${} over {} pod-seconds, at most {} replicas",
        point.id(), run.requests(), run.errors(), violations, String.format(Locale.ROOT, "%.5f", cost),
        Math.round(podSeconds), maxReplicas);
    return new AutoscalingData(List.of(run), secondRows, replicas, pods, bursts(point, start, replicas, lives));
  }

  /**
   * Per burst and service: the first second the autoscaler wanted more replicas than when the burst began, and the
   * first pod created after the burst began that was seen Ready, both from the burst's start; null when neither came
   * before the schedule moved past the burst and the phase after it.
   */
  private List<BurstRow> bursts(AutoscalingPoint point, Instant start, List<ReplicaRow> replicas,
      List<Autoscaler.PodLife> lives) {
    List<BurstRow> rows = new ArrayList<>();
    int at = 0;
    int burst = 0;
    List<PhaseSpec> phases = scale.phases();
    for (int index = 0; index < phases.size(); index++) {
      PhaseSpec phase = phases.get(index);
      if (phase.burst()) {
        int from = at;
        int until = at + phase.seconds() + (index + 1 < phases.size() ? phases.get(index + 1).seconds() : 0);
        for (String service : spec.variant().services().stream().map(TopologyService::name).toList()) {
          int before = replicas.stream().filter(row -> row.service().equals(service) && row.second() <= from)
              .mapToInt(ReplicaRow::desiredReplicas).reduce((a, b) -> b).orElse(0);
          Integer scaleOut = replicas.stream().filter(row -> row.service().equals(service) && row.second() > from
              && row.second() <= until && row.desiredReplicas() > before).map(row -> row.second() - from).findFirst()
              .orElse(null);
          Double firstReady = lives.stream().filter(life -> life.service().equals(service) && life.ready() != null
              && seconds(start, life.created()) >= from && seconds(start, life.created()) <= until)
              .map(life -> seconds(start, life.ready()) - from).min(Double::compare).orElse(null);
          rows.add(new BurstRow(point.app().name(), point.mode().name(), point.run(), burst, from, service, scaleOut,
              firstReady));
        }
        burst++;
      }
      at += phase.seconds();
    }
    return rows;
  }

  private PhaseSpec phaseAt(int second) {
    int at = 0;
    for (PhaseSpec phase : scale.phases()) {
      at += phase.seconds();
      if (second < at) {
        return phase;
      }
    }
    return scale.phases().getLast();
  }

  private static ReplicaRow row(AutoscalingPoint point, int second, Autoscaler.ServiceState state) {
    return new ReplicaRow(point.app().name(), point.mode().name(), point.run(), second, state.service(),
        state.desiredReplicas(), state.currentReplicas(), state.readyReplicas(), state.cpuPercent());
  }

  private static double seconds(Instant from, Instant to) {
    return Duration.between(from, to).toMillis() / 1000.0;
  }
}
