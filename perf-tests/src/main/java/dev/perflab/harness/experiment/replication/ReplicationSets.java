package dev.perflab.harness.experiment.replication;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.CpuLimit;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.node.NodeSpecs;
import dev.perflab.harness.launch.BalancerSpec;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.SetService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A configuration as the lab launches it, every replica the same app at the same slice:
 *
 * <ul>
 *   <li>the monolith, {@code app}: the users steps (contract v2) and the heavy step, {@code GET /node/submit}
 *       doing the gateway's and the worker's work itself (contract v4);
 *   <li>the split version: {@code gateway} takes every request, as the study's API gateway did: it sends the users
 *       steps on to {@code rest} (contract v4's users gateway), and does its part of the heavy step, then calls
 *       {@code worker}, which does the rest of it; it answers every preflight itself.
 * </ul>
 *
 * HAProxy is the entry: every request to the monolith, or to the gateway; between services by name through
 * HAProxy, or by Docker's DNS round robin.
 */
final class ReplicationSets {

  /** The heavy step's request type, and the path the sessions send it to. */
  static final String SUBMIT = "submit";
  static final String SUBMIT_PATH = "/node/" + SUBMIT;

  private ReplicationSets() {}

  static ContainerSet of(App app, Mode mode, Configuration configuration, ReplicationSpec spec,
      ReplicationScale scale, long unitIterations) {
    ReplicationSpec.ReplicaLimits limits = spec.replica(scale);
    ResourceProfile profile = new ResourceProfile("replica-" + limits.cpus() + "cpu-" + limits.memoryMebibytes() + "m",
        CpuLimit.cores(limits.cpus()), limits.memoryMebibytes());
    Cell cell = new Cell(app, mode, profile);
    Duration period = Duration.ofMillis(limits.cfsPeriodMillis());
    ReplicationSpec.StepWork work = spec.work();
    List<SetService> services = new ArrayList<>();
    configuration.replicas().forEach((service, replicas) -> {
      Map<String, String> environment = switch (service) {
        case Configuration.APP -> nodeSpec(service, unitIterations, work.gatewayUnits() + work.workerUnits(), null);
        case Configuration.GATEWAY -> gateway(unitIterations, work.gatewayUnits(), app.port());
        case Configuration.WORKER -> nodeSpec(service, unitIterations, work.workerUnits(), null);
        default -> Map.of();
      };
      services.add(new SetService(service, cell, period, replicas, environment));
    });
    return new ContainerSet(app.name() + "/" + mode.name() + "/" + configuration.name(), services,
        balancer(app, configuration, spec.balancer()));
  }

  /** Every request from the host to the version's entry: the monolith, or the split version's gateway. */
  static BalancerSpec balancer(App app, Configuration configuration, ReplicationSpec.BalancerSettings settings) {
    return new BalancerSpec(configuration.balancer().equals(Configuration.DNS) ? BalancerSpec.Mode.DNS
        : BalancerSpec.Mode.HAPROXY, settings.policyValue(), CpuLimit.cores(settings.cpus()),
        settings.memoryMebibytes(), Duration.ofMillis(settings.connectTimeoutMillis()),
        Duration.ofMillis(settings.serverTimeoutMillis()), Duration.ofMillis(settings.checkIntervalMillis()),
        app.readinessPath(), Map.of(), configuration.isMonolith() ? Configuration.APP : Configuration.GATEWAY);
  }

  /** The gateway: the heavy step's part of it then a call to the worker, and every users request sent on to rest. */
  static Map<String, String> gateway(long unitIterations, int workUnits, int port) {
    Map<String, String> environment = new LinkedHashMap<>(nodeSpec(Configuration.GATEWAY, unitIterations, workUnits,
        Configuration.WORKER));
    environment.putAll(NodeSpecs.usersGateway(Configuration.REST, port));
    return environment;
  }

  /** The node's environment: the heavy step ({@code submit}) as {@code workUnits}, calling {@code calls} or none. */
  static Map<String, String> nodeSpec(String service, long unitIterations, int workUnits, String calls) {
    Map<String, Object> type = new LinkedHashMap<>();
    type.put("workUnits", workUnits);
    if (calls != null) {
      type.put("calls", List.of(Map.of("service", calls)));
    }
    return NodeSpecs.environment(service, unitIterations, Map.of(SUBMIT, type));
  }
}
