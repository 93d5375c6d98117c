package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.catalog.RequestSpec;
import dev.perflab.harness.catalog.WeightedRequest;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.RunningCell;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.ClosedLoop;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.measure.JitCompilerCpu;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.ContainerSample;
import dev.perflab.harness.result.experiment.TopologyData;
import dev.perflab.harness.result.experiment.TopologyDemandRow;
import dev.perflab.harness.result.experiment.TopologyMixRow;
import dev.perflab.harness.result.LatencySummary;
import dev.perflab.harness.result.experiment.TopologySecondRow;
import dev.perflab.harness.result.experiment.TopologyServiceRow;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One launch of a variant: warmed up at an even mix, each request type's CPU per service counted at a low load
 * until two counts agree, the model solved from those demands for every mix (before any is measured), then each mix
 * driven by the closed population with every service sampled on one clock.
 */
final class TopologyPointRun {

  private final Lab lab;
  private final TopologySpec spec;
  private final TopologyScale scale;
  /** What the users did when, on the sampler's clock, to label each second. */
  private final List<Phase> phases = new ArrayList<>();
  /** Each replica's cgroup files, by its host PID, found once. */
  private final Map<Long, HostCgroups> cgroups = new HashMap<>();

  /**
   * A stretch of the point: from {@code startMillis} to {@code endMillis} on the sampler's clock; a measured one
   * with the driver's one-second windows.
   */
  private record Phase(long startMillis, long endMillis, String label, Double mix, List<LatencySummary> seconds) {}

  /**
   * Two counts of a type's demand agree where no service it costs a work unit or more moved by more than this
   * share of the larger.
   */
  static final double DEMAND_AGREEMENT = 0.1;

  /**
   * One count of a type's demand: the load's answers, and per answer each service's CPU but its JIT compiler's,
   * and its JIT compiler's.
   */
  private record Count(ClosedLoadResult load, Map<String, Double> cpuMillisByService,
      Map<String, Double> compilerCpuMillisByService) {}

  /** A service's CPU so far: its replicas' cgroups summed, and each replica's JIT compiler threads. */
  private record ServiceCpu(long cgroupNanos, List<JitCompilerCpu> compilers) {

    long compilerNanosSince(ServiceCpu earlier) {
      long sum = 0;
      for (int replica = 0; replica < compilers.size(); replica++) {
        sum += compilers.get(replica).nanosSince(earlier.compilers().get(replica));
      }
      return sum;
    }
  }

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
      List<TopologyDemandRow> demands = new ArrayList<>();
      String failure = countUntilSettled(point, set, sampler, entry, unit, demands);
      if (failure != null) {
        return failed(point, failure);
      }
      TopologyModel model = TopologyModel.of(point.variant(), spec.requestTypes(), demands, scale.thinkTimeMillis());
      List<TopologyMixRow> mixes = new ArrayList<>();
      List<TopologyServiceRow> services = new ArrayList<>();
      for (double mix : measuringOrder(scale.mixes(), point.repetition())) {
        measureMix(point, set, sampler, entry, model, mix, mixes, services);
      }
      for (String type : spec.requestTypes()) {
        Count after = count(point, set, sampler, entry, type, "demand after " + type);
        if (after.load().completed() > 0) {
          demands.addAll(rows(point, unit, TopologyDemandRow.AFTER, null, null, type, after, null));
        }
      }
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
   * Each type's demand counted in rounds until one agrees with the round before it, or the scale's rounds run
   * out; then each type's answer time with one user alone, which has no queue in it. Null, or why it measured
   * nothing.
   */
  private String countUntilSettled(TopologyPoint point, RunningSet set, ContainerSampler sampler,
      List<InetSocketAddress> entry, WorkUnitCalibration.Unit unit, List<TopologyDemandRow> demands)
      throws InterruptedException {
    Map<String, Count> previous = null;
    for (int round = 1; ; round++) {
      Map<String, Count> counts = new LinkedHashMap<>();
      for (String type : spec.requestTypes()) {
        Count count = count(point, set, sampler, entry, type, "demand " + type + ", round " + round);
        if (count.load().completed() == 0) {
          return neverAnswered(type, scale.demandUsers() + " users", count.load());
        }
        counts.put(type, count);
      }
      boolean settled = previous != null && agree(cpuMillis(previous), cpuMillis(counts), spec.unitCpuMillis());
      if (!settled && round < scale.demandRounds()) {
        for (String type : spec.requestTypes()) {
          demands.addAll(rows(point, unit, TopologyDemandRow.SETTLING, round, false, type, counts.get(type), null));
        }
        previous = counts;
        continue;
      }
      Duration seconds = Duration.ofSeconds(scale.demandSeconds());
      for (String type : spec.requestTypes()) {
        ClosedLoadResult alone = ClosedLoop.run(entry.get(spec.requestTypes().indexOf(type)),
            RequestMix.single(request(type)), new ClosedModel(1, Duration.ZERO, ClosedModel.ThinkTime.FIXED,
                Duration.ZERO, seconds), seconds);
        if (alone.completed() == 0) {
          return neverAnswered(type, "one user", alone);
        }
        demands.addAll(rows(point, unit, TopologyDemandRow.BEFORE, round, settled, type, counts.get(type),
            alone.latency().meanMicros() / 1000));
      }
      return null;
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

  /**
   * Whether two rounds' counts agree: at every service a type costs a work unit or more in either, within
   * {@link #DEMAND_AGREEMENT} of the larger. Below a unit a service only passes the request on or idles, and
   * its share of little is noise.
   */
  static boolean agree(Map<String, Map<String, Double>> previous, Map<String, Map<String, Double>> counts,
      double unitCpuMillis) {
    for (Map.Entry<String, Map<String, Double>> type : counts.entrySet()) {
      for (Map.Entry<String, Double> service : type.getValue().entrySet()) {
        double before = previous.get(type.getKey()).get(service.getKey());
        double larger = Math.max(before, service.getValue());
        if (larger >= unitCpuMillis && Math.abs(before - service.getValue()) > DEMAND_AGREEMENT * larger) {
          return false;
        }
      }
    }
    return true;
  }

  /** Per type, each service's CPU per request. */
  private static Map<String, Map<String, Double>> cpuMillis(Map<String, Count> counts) {
    Map<String, Map<String, Double>> cpu = new LinkedHashMap<>();
    counts.forEach((type, count) -> cpu.put(type, count.cpuMillisByService()));
    return cpu;
  }

  /**
   * {@code demandUsers} users sending {@code type} alone: each service's CPU over the answers, its JIT compiler
   * threads' left out and counted apart.
   */
  private Count count(TopologyPoint point, RunningSet set, ContainerSampler sampler, List<InetSocketAddress> entry,
      String type, String label) throws InterruptedException {
    Duration seconds = Duration.ofSeconds(scale.demandSeconds());
    long start = sampler.elapsedMillis();
    Map<String, ServiceCpu> cpuBefore = cpuByService(point, set);
    ClosedLoadResult load = ClosedLoop.run(entry.get(spec.requestTypes().indexOf(type)),
        RequestMix.single(request(type)), new ClosedModel(scale.demandUsers(), Duration.ZERO,
            ClosedModel.ThinkTime.FIXED, Duration.ZERO, seconds), seconds);
    Map<String, ServiceCpu> cpuAfter = cpuByService(point, set);
    phases.add(new Phase(start, sampler.elapsedMillis(), label, null, null));
    Map<String, Double> cpuMillis = new LinkedHashMap<>();
    Map<String, Double> compilerMillis = new LinkedHashMap<>();
    for (TopologyService service : point.variant().services()) {
      ServiceCpu before = cpuBefore.get(service.name());
      ServiceCpu after = cpuAfter.get(service.name());
      long compilerNanos = after.compilerNanosSince(before);
      cpuMillis.put(service.name(), load.completed() == 0 ? Double.NaN
          : (after.cgroupNanos() - before.cgroupNanos() - compilerNanos) / 1e6 / load.completed());
      compilerMillis.put(service.name(), load.completed() == 0 ? Double.NaN : compilerNanos / 1e6 / load.completed());
    }
    return new Count(load, cpuMillis, compilerMillis);
  }

  private List<TopologyDemandRow> rows(TopologyPoint point, WorkUnitCalibration.Unit unit, String measured,
      Integer round, Boolean settled, String type, Count count, Double aloneMillis) {
    return point.variant().services().stream().map(service -> {
      double cpuMillis = count.cpuMillisByService().get(service.name());
      return new TopologyDemandRow(point.app().name(), point.mode().name(), point.variant().name(),
          point.repetition(), measured, round, settled, type, service.name(), unit.unitIterations(),
          count.load().completed(), cpuMillis, count.compilerCpuMillisByService().get(service.name()),
          cpuMillis / service.quotaCores(), aloneMillis);
    }).toList();
  }

  private static String neverAnswered(String type, String by, ClosedLoadResult load) {
    return "request type '" + type + "' was never answered with " + by + ": " + String.join("\n",
        load.errorSamples());
  }

  private void measureMix(TopologyPoint point, RunningSet set, ContainerSampler sampler, List<InetSocketAddress> entry,
      TopologyModel model, double mix, List<TopologyMixRow> mixes, List<TopologyServiceRow> services)
      throws InterruptedException {
    int[] users = ClosedLoop.classSizes(mix(mix), scale.users());
    TopologyModel.Prediction predicted = model.predict(users);
    TopologyModel.Prediction atStudyPopulation = model.predict(ClosedLoop.classSizes(mix(mix), spec.studyUsers()));
    long start = sampler.elapsedMillis();
    long windowStart = start + scale.settleSeconds() * 1000L;
    ClosedLoadResult load = drive(entry, mix, scale.users(), Duration.ofSeconds(scale.settleSeconds()),
        Duration.ofSeconds(scale.measureSeconds()));
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
      mixes.add(mixRow(point, mix, spec.requestTypes().get(i), users[i], type.completed(), type.errors(),
          type.achievedRatePerSecond(), type.latency(), predicted.responseMillis()[i],
          predicted.throughputPerSecond()[i],
          atStudyPopulation.responseMillis()[i], failure));
    }
    mixes.add(mixRow(point, mix, TopologyMixRow.ALL, scale.users(), load.completed(), load.errors(),
        load.achievedRatePerSecond(), load.latency(), predicted.meanResponseMillis(),
        predicted.totalThroughputPerSecond(),
        atStudyPopulation.meanResponseMillis(), failure));
    for (TopologyService service : point.variant().services()) {
      services.add(serviceRow(point, set, sampler, service, mix, windowStart, windowEnd,
          predicted.utilisation().get(service.name())));
    }
  }

  private TopologyMixRow mixRow(TopologyPoint point, double mix, String type, int users, long completed, long errors,
      double rate, LatencySummary latency, double predictedMillis, double predictedRate,
      double studyMillis, String failure) {
    boolean measured = completed > 0;
    return new TopologyMixRow(point.app().name(), point.mode().name(), point.variant().name(), point.repetition(), mix,
        type, users, completed, errors, rate, measured ? latency.meanMicros() / 1000 : null,
        measured ? latency.p50Micros() / 1000.0 : null, measured ? latency.p95Micros() / 1000.0 : null,
        users == 0 ? null : predictedMillis, users == 0 ? null : predictedRate, users == 0 ? null : studyMillis,
        failure);
  }

  /** The service's replicas over the mix's measured seconds: CPU and throttling summed, memory at the end. */
  private TopologyServiceRow serviceRow(TopologyPoint point, RunningSet set, ContainerSampler sampler,
      TopologyService service,
      double mix, long windowStart, long windowEnd, Double predictedUtilisation) {
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
        mix, service.name(), service.quotaCores(), sampled ? cores : null,
        sampled ? cores / service.quotaCores() : null,
        predictedUtilisation, sampled && periods > 0 ? (double) throttled / periods : null, sampled ? memory : null);
  }

  /** The users at a mix, their answers summarised per second of the measured time. */
  private ClosedLoadResult drive(List<InetSocketAddress> entry, double mix, int users, Duration settle,
      Duration measure) throws InterruptedException {
    return ClosedLoop.runClasses(entry, mix(mix), new ClosedModel(users, Duration.ofMillis(scale.thinkTimeMillis()),
        ClosedModel.ThinkTime.FIXED, settle, measure), Duration.ofSeconds(1));
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

  /** The two request types, the first at {@code share} of the users (in thousandths), the second at the rest. */
  private RequestMix mix(double share) {
    int first = (int) Math.round(share * 1000);
    return new RequestMix(List.of(new WeightedRequest(first, request(spec.requestTypes().get(0))),
        new WeightedRequest(1000 - first, request(spec.requestTypes().get(1)))));
  }

  /** {@code GET /node/{type}}, answered 200 by a node that served that type. */
  private static RequestSpec request(String type) {
    return new RequestSpec("GET", "/node/" + type, null, null, 200, "\"type\":\"" + type + "\"");
  }

  /** Each service's CPU so far. */
  private Map<String, ServiceCpu> cpuByService(TopologyPoint point, RunningSet set) {
    Map<String, ServiceCpu> cpu = new LinkedHashMap<>();
    for (TopologyService service : point.variant().services()) {
      long sum = 0;
      List<JitCompilerCpu> compilers = new ArrayList<>();
      for (RunningCell replica : set.service(service.name()).replicas()) {
        long pid = replica.container().hostPid();
        sum += cgroups.computeIfAbsent(pid, HostCgroups::ofProcess).cpuUsageNanos();
        compilers.add(JitCompilerCpu.ofProcess(pid));
      }
      cpu.put(service.name(), new ServiceCpu(sum, compilers));
    }
    return cpu;
  }

  /** Why a replica is gone, if one went during the point; else null. */
  private static String died(TopologyPoint point, RunningSet set) {
    for (TopologyService service : point.variant().services()) {
      for (RunningCell replica : set.service(service.name()).replicas()) {
        if (!replica.container().stillRunning()) {
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
