package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.RequestMix;
import dev.perflab.harness.experiment.node.WorkUnitCalibration;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.load.ClosedLoop;
import dev.perflab.harness.load.ClosedModel;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.result.ClosedLoadResult;
import dev.perflab.harness.result.LatencySummary;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One launch's counts of each request type's demand: the type alone at a low load, each service's CPU over the
 * answers (its replicas' cgroups, less their JIT compiler threads'), in rounds before the sweep until one agrees
 * with the round before it, then one user alone per type; and once more after the sweep.
 */
final class DemandCounting {

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

  private final TopologySpec spec;
  private final TopologyScale scale;
  private final TopologyPoint point;
  private final RunningSet set;
  private final ContainerSampler sampler;
  private final List<InetSocketAddress> entry;
  private final WorkUnitCalibration.Unit unit;
  /** The launch's phases, to which each count adds its own. */
  private final List<TopologyPointRun.Phase> phases;
  /** Each replica's cgroup files, by its host PID, found once. */
  private final Map<Long, HostCgroups> cgroups = new HashMap<>();

  /** @param entry per request type, in the spec's order, the address its users call */
  DemandCounting(TopologySpec spec, TopologyScale scale, TopologyPoint point, RunningSet set,
      ContainerSampler sampler, List<InetSocketAddress> entry, WorkUnitCalibration.Unit unit,
      List<TopologyPointRun.Phase> phases) {
    this.spec = spec;
    this.scale = scale;
    this.point = point;
    this.set = set;
    this.sampler = sampler;
    this.entry = entry;
    this.unit = unit;
    this.phases = phases;
  }

  /**
   * Each type's demand counted in rounds until one agrees with the round before it, or the scale's rounds run
   * out; then each type's answer time with one user alone, which has no queue in it. Null, or why it measured
   * nothing.
   */
  String beforeSweep(List<TopologyDemandRow> demands) throws InterruptedException {
    Map<String, Count> previous = null;
    for (int round = 1; ; round++) {
      Map<String, Count> counts = new LinkedHashMap<>();
      for (String type : spec.requestTypes()) {
        Count count = count(type, "demand " + type + ", round " + round);
        if (count.load().completed() == 0) {
          return neverAnswered(type, scale.demandUsers() + " users", count.load());
        }
        counts.put(type, count);
      }
      boolean settled = previous != null && agree(cpuMillis(previous), cpuMillis(counts), spec.unitCpuMillis());
      if (!settled && round < scale.demandRounds()) {
        for (String type : spec.requestTypes()) {
          demands.addAll(rows(TopologyDemandRow.SETTLING, round, false, type, counts.get(type), null));
        }
        previous = counts;
        continue;
      }
      Duration seconds = Duration.ofSeconds(scale.demandSeconds());
      for (String type : spec.requestTypes()) {
        ClosedLoadResult alone = ClosedLoop.run(entry.get(spec.requestTypes().indexOf(type)),
            RequestMix.single(TopologyPointRun.request(type)), new ClosedModel(1, Duration.ZERO,
                ClosedModel.ThinkTime.FIXED, Duration.ZERO, seconds), seconds);
        if (alone.completed() == 0) {
          return neverAnswered(type, "one user", alone);
        }
        demands.addAll(rows(TopologyDemandRow.BEFORE, round, settled, type, counts.get(type), alone.latency()));
      }
      return null;
    }
  }

  /** Each type's demand counted once more: what the sweep moved, which the model could not know. */
  void afterSweep(List<TopologyDemandRow> demands) throws InterruptedException {
    for (String type : spec.requestTypes()) {
      Count after = count(type, "demand after " + type);
      if (after.load().completed() > 0) {
        demands.addAll(rows(TopologyDemandRow.AFTER, null, null, type, after, null));
      }
    }
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
  private Count count(String type, String label) throws InterruptedException {
    Duration seconds = Duration.ofSeconds(scale.demandSeconds());
    long start = sampler.elapsedMillis();
    Map<String, ServiceCpu> cpuBefore = cpuByService();
    ClosedLoadResult load = ClosedLoop.run(entry.get(spec.requestTypes().indexOf(type)),
        RequestMix.single(TopologyPointRun.request(type)), new ClosedModel(scale.demandUsers(), Duration.ZERO,
            ClosedModel.ThinkTime.FIXED, Duration.ZERO, seconds), seconds);
    Map<String, ServiceCpu> cpuAfter = cpuByService();
    phases.add(new TopologyPointRun.Phase(start, sampler.elapsedMillis(), label, null, null));
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

  private List<TopologyDemandRow> rows(String measured, Integer round, Boolean settled, String type, Count count,
      LatencySummary alone) {
    return point.variant().services().stream().map(service -> {
      double cpuMillis = count.cpuMillisByService().get(service.name());
      return new TopologyDemandRow(point.app().name(), point.mode().name(), point.variant().name(),
          point.repetition(), measured, round, settled, type, service.name(), unit.unitIterations(),
          count.load().completed(), cpuMillis, count.compilerCpuMillisByService().get(service.name()),
          cpuMillis / service.quotaCores(), alone == null ? null : alone.meanMicros() / 1000,
          alone == null ? null : alone.p50Micros() / 1000.0, alone == null ? null : alone.p90Micros() / 1000.0);
    }).toList();
  }

  private static String neverAnswered(String type, String by, ClosedLoadResult load) {
    return "request type '" + type + "' was never answered with " + by + ": " + String.join("\n",
        load.errorSamples());
  }

  /** Each service's CPU so far. */
  private Map<String, ServiceCpu> cpuByService() {
    return ServiceCpu.byService(point.variant(), set, cgroups);
  }
}
