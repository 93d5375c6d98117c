package dev.perflab.harness.experiment.topology;

import dev.perflab.harness.catalog.App;
import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.catalog.Mode;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.launch.ContainerSet;
import dev.perflab.harness.launch.SetService;
import dev.perflab.harness.result.Json;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A variant as the lab launches it: one service of the set per service of the topology, each the app in
 * the mode under the service's quota, CFS period and memory, told what to do by contract v4's
 * {@code NODE_SPEC}.
 */
final class TopologySets {

  /** The variable contract v4's service-node role reads its spec from. */
  static final String NODE_SPEC = "NODE_SPEC";

  private TopologySets() {}

  static ContainerSet of(App app, Mode mode, TopologyVariant variant, long unitIterations, int repetition) {
    List<SetService> services = variant.services().stream().map(service -> {
      ResourceProfile profile = new ResourceProfile(service.name() + "-" + service.cpus() + "cpu-"
          + service.memoryMebibytes() + "m", service.cpuLimit(), service.memoryMebibytes());
      return new SetService(service.name(), new Cell(app, mode, profile), Duration.ofMillis(service.cfsPeriodMillis()),
          service.replicas(), Map.of(NODE_SPEC, nodeSpec(service, unitIterations)));
    }).toList();
    return new ContainerSet(app.name() + "/" + mode.name() + "/" + variant.name() + " #" + (repetition + 1), services);
  }

  /** {@code {"service":…,"unitIterations":…,"types":{…}}}: the service's part of the topology, as JSON. */
  static String nodeSpec(TopologyService service, long unitIterations) {
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("service", service.name());
    spec.put("unitIterations", unitIterations);
    spec.put("types", service.types());
    try {
      return Json.MAPPER.copy().disable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
          .writeValueAsString(spec);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException("a node spec is plain values", e);
    }
  }
}
