package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.experiment.node.WorkUnitCalibration;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.ClosedLoop;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.LatencySummary;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One launch of a variant: warmed up at an even mix, each request type's CPU per service counted at a low load
 * until two counts agree ({@link DemandCounting}), the model solved from those demands for every mix (before any is
 * measured), then each mix driven by the closed population with every service sampled on one clock. The warm-up and
 * the mixes draw each request's type, or keep each user's, as the spec's {@link TypeDraw} says, and the model
 * predicts the same.
 */
final class TopologyPointRun {

  /** A mix's weights sum to this: its shares in thousandths. */
  private static final int WEIGHTS = 1000;

  private final Lab lab;
  private final TopologySpec spec;
  private final TopologyScale scale;
  /** What the users did when, on the sampler's clock, to label each second. */
  private final List<Phase> phases = new ArrayList<>();
  /** Each replica's cgroup files by its host PID, found once. */
  private final Map<Long, HostCgroups> cgroups = new HashMap<>();

  /**
   * A stretch of the point: from {@code startMillis} to {@code endMillis} on the sampler's clock; a measured one
   * with the driver's one-second windows.
   */
  record Phase(long startMillis, long endMillis, String label, Double mix, List<LatencySummary> seconds) {}

  TopologyPointRun(Lab lab, TopologySpec spec, TopologyScale scale) {
    this.lab = lab;
    this.spec = spec;
    this.scale = scale;
  }

  TopologyData run(TopologyPoint point, WorkUnitCalibration.Unit unit) throws InterruptedException {
    RunningSet set;
    try {
      set = lab.sets().start(TopologySets.of(point.app(), point.mode(), point.variant(), unit.unitIterations(),
          point.repetition()));
    } catch (CellLaunchException e) {
      return failed(point, e.failure().describe());
    }
    try (set; ContainerSampler sampler = ContainerSampler.start(set.hostPids())) {
      List<InetSocketAddress> entry = spec.requestTypes().stream()
          .map(type -> set.service(point.variant().entry(type)).replicas().getFirst().address()).toList();
      if (scale.warmupSeconds() > 0) {
        long start = sampler.elapsedMillis();
        drive(entry, 0.5, scale.users(), Duration.ZERO, Duration.ofSeconds(scale.warmupSeconds()));
        phases.add(new Phase(start, sampler.elapsedMillis(), "warmup", null, null));
      }
      DemandCounting counting = new DemandCounting(spec, scale, point, set, sampler, entry, unit, phases);
      List<TopologyDemandRow> demands = new ArrayList<>();
      String failure = counting.beforeSweep(demands);
      if (failure != null) {
        return failed(point, failure);
      }
      TopologyModel model;
      try {
        model = TopologyModel.of(point.variant(), spec.requestTypes(), demands, scale.thinkTimeMillis(),
            point.app().nodeScheduling());
      } catch (IllegalArgumentException e) {
        return failed(point, "the model could not be made from the demands counted: " + e.getMessage());
      }
      List<TopologyMixRow> mixes = new ArrayList<>();
      List<TopologyServiceRow> services = new ArrayList<>();
      for (double mix : measuringOrder(scale.mixes(), point.repetition())) {
        measureMix(point, set, sampler, entry, model, mix, mixes, services);
      }
      counting.afterSweep(demands);
      while (sampler.elapsedMillis() < phases.getLast().endMillis() + 1100) {
        Thread.sleep(100); // the sample of the last phase's last second
      }
      String died = died(point, set);
      if (died != null) {
        TopologyMixRow last = mixes.removeLast();
        mixes.add(withFailure(last, (last.failure() == null ? "" : last.failure() + "\n") + died));
      }
      return new TopologyData(demands, mixes, services, seconds(point, set, sampler));
    }
  }

  /**
   * The mixes in the order a launch measures them: as listed in even repetitions, reversed in odd ones. A JVM under
   * a fraction of a core still speeds up during the sweep; measured in one order only, that drift reads as a trend
   * along the mix (Micronaut's W = 10 gateway offloading, flat by the model, fell along the mix in both launches),
   * while alternated it shows as the spread between launches.
   */
  static List<Double> measuringOrder(List<Double> mixes, int repetition) {
    return repetition % 2 == 0 ? mixes : mixes.reversed();
  }

  private void measureMix(TopologyPoint point, RunningSet set, ContainerSampler sampler, List<InetSocketAddress> entry,
      TopologyModel model, double mix, List<TopologyMixRow> mixes, List<TopologyServiceRow> services)
      throws InterruptedException {
    RequestMix requests = mix(mix);
    int[] users = ClosedLoop.classSizes(requests, scale.users());
    TopologyModel.Prediction predicted = predict(model, requests, scale.users());
    TopologyModel.Prediction atStudyPopulation = predict(model, requests, spec.studyUsers());
    long start = sampler.elapsedMillis();
    long windowStart = start + scale.settleSeconds() * 1000L;
    // The JIT compiler threads' CPU, read as the measured seconds start and end, to show beside the cgroup's how
    // much of it the compiler ran, which the demands leave out.
    CompletableFuture<CompilerReading> atWindowStart = CompletableFuture.supplyAsync(
        () -> CompilerReading.of(point.variant(), set, sampler, cgroups),
        CompletableFuture.delayedExecutor(Math.max(0, windowStart - sampler.elapsedMillis()), TimeUnit.MILLISECONDS));
    ClosedLoadResult load = drive(entry, mix, scale.users(), Duration.ofSeconds(scale.settleSeconds()),
        Duration.ofSeconds(scale.measureSeconds()));
    CompilerReading atWindowEnd = CompilerReading.of(point.variant(), set, sampler, cgroups);
    long windowEnd = windowStart + scale.measureSeconds() * 1000L;
    phases.add(new Phase(start, windowStart, "settle", mix, null));
    phases.add(new Phase(windowStart, windowEnd, "measure", mix, load.windows()));
    while (sampler.elapsedMillis() < windowEnd + 1100) {
      Thread.sleep(100); // the sample of the window's last second
    }
    String failure = load.errors() == 0 ? null : load.errors() + " errors; the first: "
        + String.join("\n", load.errorSamples());
    for (int i = 0; i < spec.requestTypes().size(); i++) {
      ClosedLoadResult.ByRequest type = load.byRequest().get(i);
      boolean sent = spec.typeDraw() == TypeDraw.PER_REQUEST ? requests.mix().get(i).weight() > 0 : users[i] > 0;
      mixes.add(mixRow(point, mix, spec.requestTypes().get(i), users[i], sent, type.completed(), type.errors(),
          type.achievedRatePerSecond(), type.latency(), predicted.responseMillis()[i],
          predicted.throughputPerSecond()[i],
          atStudyPopulation.responseMillis()[i], failure));
    }
    mixes.add(mixRow(point, mix, TopologyMixRow.ALL, scale.users(), true, load.completed(), load.errors(),
        load.achievedRatePerSecond(), load.latency(), predicted.meanResponseMillis(),
        predicted.totalThroughputPerSecond(),
        atStudyPopulation.meanResponseMillis(), failure));
    CompilerReading compilerAtStart = atWindowStart.join();
    for (TopologyService service : point.variant().services()) {
      services.add(serviceRow(point, set, sampler, service, mix, windowStart, windowEnd,
          CompilerReading.coresBetween(compilerAtStart, atWindowEnd, service.name()),
          predicted.utilisation().get(service.name())));
    }
  }

  /**
   * Each service's CPU at one moment on the sampler's clock, for its compiler threads' share; null where a
   * replica's process could not be read (it had gone: the point's failure says so).
   */
  private record CompilerReading(long atMillis, Map<String, ServiceCpu> byService) {

    static CompilerReading of(TopologyVariant variant, RunningSet set, ContainerSampler sampler,
        Map<Long, HostCgroups> cgroups) {
      try {
        return new CompilerReading(sampler.elapsedMillis(), ServiceCpu.byService(variant, set, cgroups));
      } catch (RuntimeException gone) {
        return null;
      }
    }

    /** The service's compiler threads' CPU from one reading to the next, in cores; null if either is missing. */
    static Double coresBetween(CompilerReading start, CompilerReading end, String service) {
      if (start == null || end == null || end.atMillis() <= start.atMillis()) {
        return null;
      }
      long nanos = end.byService().get(service).compilerNanosSince(start.byService().get(service));
      return nanos / 1e6 / (end.atMillis() - start.atMillis());
    }
  }

  /** @param sent whether the type is sent at all at this mix: else the model predicts nothing for it */
  private TopologyMixRow mixRow(TopologyPoint point, double mix, String type, int users, boolean sent, long completed,
      long errors, double rate, LatencySummary latency, double predictedMillis, double predictedRate,
      double studyMillis, String failure) {
    boolean measured = completed > 0;
    return new TopologyMixRow(point.app().name(), point.mode().name(), point.variant().name(), point.repetition(), mix,
        type, users, completed, errors, rate, measured ? latency.meanMicros() / 1000 : null,
        measured ? latency.p50Micros() / 1000.0 : null, measured ? latency.p95Micros() / 1000.0 : null,
        sent ? predictedMillis : null, sent ? predictedRate : null, sent ? studyMillis : null, failure);
  }

  /** The service's replicas over the mix's measured seconds: CPU and throttling summed, memory at the end. */
  private TopologyServiceRow serviceRow(TopologyPoint point, RunningSet set, ContainerSampler sampler,
      TopologyService service,
      double mix, long windowStart, long windowEnd, Double compilerCores, Double predictedUtilisation) {
    double cores = 0;
    long throttled = 0;
    long periods = 0;
    long memory = 0;
    boolean sampled = false;
    for (int replica = 1; replica <= service.replicas(); replica++) {
      List<ContainerSample> window = sampler.timeline(set.service(service.name()).spec().replicaName(replica)).stream()
          .filter(sample -> sample.atMillis() > windowStart + 500 && sample.atMillis() <= windowEnd + 500).toList();
      if (window.isEmpty()) {
        continue;
      }
      sampled = true;
      cores += window.stream().mapToDouble(ContainerSample::cpuCores).average().orElseThrow();
      throttled += window.stream().mapToLong(ContainerSample::throttledPeriods).sum();
      periods += window.stream().mapToLong(ContainerSample::periods).sum();
      memory += window.getLast().cgroupMemoryBytes();
    }
    return new TopologyServiceRow(point.app().name(), point.mode().name(), point.variant().name(), point.repetition(),
        mix, service.name(), service.quotaCores(), sampled ? cores : null, sampled ? compilerCores : null,
        sampled ? cores / service.quotaCores() : null,
        sampled && compilerCores != null ? (cores - compilerCores) / service.quotaCores() : null,
        predictedUtilisation, sampled && periods > 0 ? (double) throttled / periods : null, sampled ? memory : null,
        cfsPeriodMillis(set, service));
  }

  /**
   * The period the service's quota is enforced over, as its first replica's cgroup has it: on Kubernetes the
   * kubelet's, whatever the service asked. Null where the cgroup cannot be read (the replica has gone).
   */
  private Double cfsPeriodMillis(RunningSet set, TopologyService service) {
    try {
      long pid = set.service(service.name()).replicas().getFirst().replica().hostPid();
      return cgroups.computeIfAbsent(pid, HostCgroups::ofProcess).cpuQuota().periodMicros() / 1000.0;
    } catch (RuntimeException unreadable) {
      return null;
    }
  }

  /**
   * The users at a mix, each request's type drawn or each user's kept as the spec says, each type sent to its entry;
   * their answers summarised per second of the measured time.
   */
  private ClosedLoadResult drive(List<InetSocketAddress> entry, double mix, int users, Duration settle,
      Duration measure) throws InterruptedException {
    ClosedModel model = new ClosedModel(users, Duration.ofMillis(scale.thinkTimeMillis()), ClosedModel.ThinkTime.FIXED,
        settle, measure);
    return switch (spec.typeDraw()) {
      case PER_REQUEST -> ClosedLoop.runDrawn(entry, mix(mix), model, Duration.ofSeconds(1));
      case PER_USER -> ClosedLoop.runClasses(entry, mix(mix), model, Duration.ofSeconds(1));
    };
  }

  /** The model at a mix of {@code users} users, under the spec's draw: a chain drawn per request, a class per type. */
  private TopologyModel.Prediction predict(TopologyModel model, RequestMix requests, int users) {
    return switch (spec.typeDraw()) {
      case PER_REQUEST -> model.predictDrawn(users, requests.mix().stream()
          .mapToDouble(entry -> (double) entry.weight() / WEIGHTS).toArray());
      case PER_USER -> model.predict(ClosedLoop.classSizes(requests, users));
    };
  }

  /** Every replica's seconds, each labelled with the phase its middle fell in. */
  private List<TopologySecondRow> seconds(TopologyPoint point, RunningSet set, ContainerSampler sampler) {
    List<TopologySecondRow> rows = new ArrayList<>();
    for (String replica : set.hostPids().keySet()) {
      for (ContainerSample sample : sampler.timeline(replica)) {
        long middle = sample.atMillis() - 500;
        Phase phase = phases.stream().filter(one -> middle >= one.startMillis() && middle < one.endMillis())
            .findFirst().orElse(null);
        LatencySummary answers = null;
        if (phase != null && phase.seconds() != null) {
          int index = (int) ((middle - phase.startMillis()) / 1000);
          answers = index < phase.seconds().size() ? phase.seconds().get(index) : null;
        }
        rows.add(new TopologySecondRow(point.app().name(), point.mode().name(), point.variant().name(),
            point.repetition(), Math.round(sample.atMillis() / 1000.0), phase == null ? null : phase.label(),
            phase == null ? null : phase.mix(), replica, sample.cpuCores(), sample.throttledPeriods(), sample.periods(),
            sample.cgroupMemoryBytes(), answers == null ? null : answers.count(),
            answers == null || answers.count() == 0 ? null : answers.p95Micros() / 1000.0));
      }
    }
    return rows;
  }

  /**
   * The two request types, the first at {@code share} of the requests or users (in thousandths), the second at the
   * rest.
   */
  private RequestMix mix(double share) {
    int first = (int) Math.round(share * WEIGHTS);
    return new RequestMix(List.of(new WeightedRequest(first, request(spec.requestTypes().get(0))),
        new WeightedRequest(WEIGHTS - first, request(spec.requestTypes().get(1)))));
  }

  /** {@code GET /node/{type}}, answered 200 by a node that served that type. */
  static RequestSpec request(String type) {
    return new RequestSpec("GET", "/node/" + type, null, null, 200, "\"type\":\"" + type + "\"");
  }

  /** Why a replica is gone, if one went during the point; else null. */
  private static String died(TopologyPoint point, RunningSet set) {
    for (TopologyService service : point.variant().services()) {
      for (RunningCell replica : set.service(service.name()).replicas()) {
        if (!replica.replica().stillRunning()) {
          return replica.exited(point.id() + ": service '" + service.name() + "' died during the point",
              "its container stopped").describe();
        }
      }
    }
    return null;
  }

  private static TopologyMixRow withFailure(TopologyMixRow row, String failure) {
    return new TopologyMixRow(row.app(), row.mode(), row.variant(), row.repetition(), row.mix(), row.requestType(),
        row.users(), row.completed(), row.errors(), row.throughputPerSecond(), row.meanMillis(), row.p50Millis(),
        row.p95Millis(), row.predictedResponseMillis(), row.predictedThroughputPerSecond(),
        row.studyPopulationResponseMillis(), failure);
  }

  /** A point that measured nothing: one row that says why. */
  static TopologyData failed(TopologyPoint point, String why) {
    return new TopologyData(List.of(), List.of(new TopologyMixRow(point.app().name(), point.mode().name(),
        point.variant().name(), point.repetition(), null, TopologyMixRow.ALL, 0, 0, 0, 0, null, null, null, null,
        null, null, why)), List.of(), List.of());
  }
}
