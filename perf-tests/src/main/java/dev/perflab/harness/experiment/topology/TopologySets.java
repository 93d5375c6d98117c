package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.experiment.node.NodeSpecs;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.SetService;
import java.time.Duration;
import java.util.List;

/**
 * A variant as the lab launches it: one service of the set per service of the topology, each the app in
 * the mode under the service's quota, CFS period and memory, told what to do by contract v4's
 * {@code NODE_SPEC}.
 */
public final class TopologySets {

  private TopologySets() {}

  public static ContainerSet of(App app, Mode mode, TopologyVariant variant, long unitIterations, int repetition) {
    List<SetService> services = variant.services().stream().map(service -> {
      ResourceProfile profile = new ResourceProfile(service.name() + "-" + service.cpus() + "cpu-"
          + service.memoryMebibytes() + "m", service.cpuLimit(), service.memoryMebibytes());
      return new SetService(service.name(), new Cell(app, mode, profile), Duration.ofMillis(service.cfsPeriodMillis()),
          service.replicas(), NodeSpecs.environment(service.name(), unitIterations, service.types()));
    }).toList();
    return new ContainerSet(app.name() + "/" + mode.name() + "/" + variant.name() + " #" + (repetition + 1), services);
  }
}
