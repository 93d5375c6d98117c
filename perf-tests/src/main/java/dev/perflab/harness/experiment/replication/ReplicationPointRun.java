package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.launch.BalancerServerStats;
import dev.perflab.harness.launch.CellLaunchException;
import dev.perflab.harness.launch.Lab;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.RunningBalancer;
import dev.perflab.harness.launch.RunningSet;
import dev.perflab.harness.launch.ServerStateChange;
import dev.perflab.harness.load.SessionRun;
import dev.perflab.gatling.SessionSettings;
import dev.perflab.harness.measure.ContainerSampler;
import dev.perflab.harness.result.ContainerSample;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One configuration: its set launched behind HAProxy, warm-up runs of sessions that are not recorded, then its runs,
 * each after the users table is emptied and the set has settled; every container sampled each second from the
 * host, HAProxy's statistics read before and after each run and its log read for servers marked UP or DOWN. A
 * configuration with a fault has one more run, after its clean ones, in which its replica is killed.
 */
final class ReplicationPointRun {

  private static final Logger LOG = LoggerFactory.getLogger(ReplicationPointRun.class);
  static final String NO_BALANCER = "the catalog names no balancer image (balancer: {image: ...}); the bundled"
      + " catalog's is perflab/haproxy:2.6, built by ./mvnw -pl docker/haproxy package";

  private final Lab lab;
  private final ReplicationSpec spec;
  private final ReplicationScale scale;
  private final Path reportDir;

  ReplicationPointRun(Lab lab, ReplicationSpec spec, ReplicationScale scale, Path reportDir) {
    this.lab = lab;
    this.spec = spec;
    this.scale = scale;
    this.reportDir = reportDir;
  }

  /** A configuration that could not be run: one row that says why. */
  static ReplicationData failed(ReplicationPoint point, String why) {
    return new ReplicationData(List.of(StepRow.failed(point.configuration(), 0, false, why)), List.of(), List.of(),
        List.of());
  }

  ReplicationData run(ReplicationPoint point, long unitIterations) throws InterruptedException {
    Configuration configuration = point.configuration();
    RunningSet set;
    try {
      set = lab.sets().start(ReplicationSets.of(point.app(), point.mode(), configuration, spec, scale, unitIterations));
    } catch (CellLaunchException e) {
      return failed(point, e.failure().describe());
    }
    ReplicationData data = ReplicationData.EMPTY;
    try (set) {
      RunningBalancer balancer = set.balancer().orElseThrow();
      AppDatabase users = set.service(configuration.isMonolith() ? Configuration.APP : Configuration.REST).database();
      Path dir = reportDir.resolve("gatling").resolve(point.fileName().replace(".json", ""));
      for (int warmUp = 1; warmUp <= scale.warmUpRuns(); warmUp++) {
        SessionRun.Result result = SessionRun.run(balancer.edgeUri(), settings(scale.sessions()),
            LabLabels.RUN_ID + "-warm-up-" + warmUp, dir.resolve("warm-up-" + warmUp), reportDir);
        LOG.info("{}: warm-up run {} {}", point.id(), warmUp, result.outcome() == null ? result.failure() : "done");
      }
      // The clean runs, then one more with the fault: it is compared with runs as warm as itself.
      int runs = scale.runs() + (configuration.kill() == null ? 0 : 1);
      for (int run = 0; run < runs; run++) {
        users.empty();
        Thread.sleep(scale.settleSeconds() * 1000L);
        boolean faulted = run == scale.runs();
        data = data.plus(run(point, set, balancer, run, faulted, dir.resolve("run-" + (run + 1))));
      }
    }
    return data;
  }

  private ReplicationData run(ReplicationPoint point, RunningSet set, RunningBalancer balancer, int run,
      boolean faulted, Path dir) throws InterruptedException {
    Configuration configuration = point.configuration();
    Map<String, Long> pids = new LinkedHashMap<>(set.hostPids());
    pids.put(ContainerRow.BALANCER, balancer.hostPid());
    Map<String, BalancerServerStats> before = byServer(balancer.stats());
    Instant started = Instant.now();
    SessionRun.Result result;
    List<ContainerRow> containers = new ArrayList<>();
    try (ContainerSampler sampler = ContainerSampler.start(pids)) {
      Thread killer = faulted ? Thread.ofVirtual().start(() -> kill(set, configuration.kill())) : null;
      long fromMillis = sampler.elapsedMillis();
      try {
        result = SessionRun.run(balancer.edgeUri(), settings(scale.sessions()), LabLabels.RUN_ID + "-" + run, dir,
            reportDir);
      } finally {
        if (killer != null) {
          killer.interrupt();
          killer.join();
        }
      }
      long toMillis = sampler.elapsedMillis();
      pids.keySet().forEach(name -> containers.add(container(configuration, run, name,
          sampler.timeline(name).stream().filter(s -> s.atMillis() > fromMillis && s.atMillis() <= toMillis + 500)
              .toList())));
    }
    List<ServerRow> servers = balancer.stats().stream()
        .map(now -> server(configuration, run, now, before.get(key(now)))).toList();
    List<StateChangeRow> changes = balancer.stateChanges().stream()
        .filter(change -> !change.at().isBefore(started))
        .map(change -> new StateChangeRow(configuration.name(), run,
            (change.at().toEpochMilli() - started.toEpochMilli()) / 1000.0, change.backend(), change.server(),
            change.state(), change.reason())).toList();
    List<StepRow> steps = SessionRows.of(configuration, run, faulted, result, spec.apdexMillis());
    return new ReplicationData(steps, containers, servers, changes);
  }

  /** Waits the fault's seconds into the run, then kills its replica; an interrupt (the run ended first) kills none. */
  private static void kill(RunningSet set, Configuration.KillFault fault) {
    try {
      Thread.sleep(fault.atSeconds() * 1000L);
      LOG.info("killing {} {} s into the run", fault.replica(), fault.atSeconds());
      set.kill(fault.replica());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static SessionSettings settings(ReplicationScale.SessionLoad load) {
    return new SessionSettings(load.fromRate(), load.toRate(), load.rampSeconds(), load.constantSeconds(),
        load.pauseMillis(), load.requestTimeoutMillis(), ReplicationSets.SUBMIT_PATH);
  }

  private static ContainerRow container(Configuration configuration, int run, String name,
      List<ContainerSample> samples) {
    double cpuSeconds = 0;
    long throttled = 0;
    long periods = 0;
    long memoryMax = 0;
    for (ContainerSample sample : samples) {
      cpuSeconds += sample.cpuCores();
      throttled += sample.throttledPeriods();
      periods += sample.periods();
      memoryMax = Math.max(memoryMax, sample.cgroupMemoryBytes());
    }
    return new ContainerRow(configuration.name(), run, name, cpuSeconds, throttled, periods, memoryMax);
  }

  private static Map<String, BalancerServerStats> byServer(List<BalancerServerStats> stats) {
    Map<String, BalancerServerStats> byServer = new HashMap<>();
    stats.forEach(row -> byServer.put(key(row), row));
    return byServer;
  }

  private static String key(BalancerServerStats row) {
    return row.proxy() + "/" + row.server();
  }

  /** The run's counters (now less before; all of now for a server that was not there), status and maxima now. */
  private static ServerRow server(Configuration configuration, int run, BalancerServerStats now,
      BalancerServerStats before) {
    Added added = counter -> counter.applyAsLong(now) - (before == null ? 0 : counter.applyAsLong(before));
    return new ServerRow(configuration.name(), run, now.proxy(), now.server(), now.status(),
        added.applyAsLong(BalancerServerStats::sessionsTotal), now.sessionsMax(), now.queueMax(),
        added.applyAsLong(BalancerServerStats::retries), added.applyAsLong(BalancerServerStats::redispatches),
        added.applyAsLong(BalancerServerStats::connectionErrors), added.applyAsLong(BalancerServerStats::responseErrors),
        added.applyAsLong(BalancerServerStats::responses4xx), added.applyAsLong(BalancerServerStats::responses5xx),
        now.responseTimeMillis(), added.applyAsLong(BalancerServerStats::checksDown),
        added.applyAsLong(BalancerServerStats::downtimeSeconds));
  }

  /** A counter's growth over the run. */
  @FunctionalInterface
  private interface Added {
    long applyAsLong(ToLongFunction<BalancerServerStats> counter);
  }
}
