package dev.perflab.harness.experiment.topology;

import static dev.perflab.harness.config.StrictYaml.required;

import java.util.ArrayList;
import java.util.HashSet;
import com.fasterxml.jackson.annotation.JacksonInject;
import dev.perflab.harness.config.StrictYaml;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One arrangement of a pattern: the pattern's axis (W for offloading; joint on one CPU, joint on two,
 * separated for pipes and filters), the service its users call, its services and what each does.
 *
 * @param entry the service the users call
 * @param entryByType where users of a request type call instead (separated pipelines, each type entering its
 *     own, as the study's ingress routed them by header); left out: {@code entry} for every type
 */
public record TopologyVariant(String name, String entry,
    @JacksonInject(StrictYaml.ABSENT + "entryByType") Map<String, String> entryByType,
    List<TopologyService> services) {

  public TopologyVariant {
    required(name, "name");
    required(entry, "entry");
    entryByType = entryByType == null ? Map.of() : Map.copyOf(entryByType);
    services = List.copyOf(required(services, "services"));
    Set<String> names = new HashSet<>();
    for (TopologyService service : services) {
      if (!names.add(service.name())) {
        throw new IllegalArgumentException("variant '" + name + "' names the service '" + service.name() + "' twice");
      }
    }
  }

  TopologyService service(String serviceName) {
    return services.stream().filter(service -> service.name().equals(serviceName)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("variant '" + name + "' has no service '" + serviceName
            + "'; it has " + services.stream().map(TopologyService::name).toList()));
  }

  /** The service users of {@code type} call. */
  public String entry(String type) {
    return entryByType.getOrDefault(type, entry);
  }

  /**
   * Refuses a variant whose requests could not be served: each type's entry must serve it, each call must
   * reach a service of the variant that serves the type it asks for, and no request may come back to a
   * service it already passed (it would never be answered).
   */
  public void checkServes(List<String> requestTypes) {
    for (String type : entryByType.keySet()) {
      if (!requestTypes.contains(type)) {
        throw new IllegalArgumentException("variant '" + name + "': 'entryByType' names '" + type
            + "', which is not one of " + requestTypes);
      }
    }
    for (String type : requestTypes) {
      TopologyService first = service(entry(type));
      if (!first.types().containsKey(type)) {
        throw new IllegalArgumentException("variant '" + name + "': the entry service '" + first.name()
            + "' does not serve request type '" + type + "'; it serves " + first.types().keySet());
      }
      walk(first, type, new ArrayList<>());
    }
  }

  private void walk(TopologyService at, String type, List<String> path) {
    String here = at.name() + "/" + type;
    if (path.contains(here)) {
      throw new IllegalArgumentException("variant '" + name + "': a request of type '" + type + "' comes back to '"
          + at.name() + "' (" + String.join(" -> ", path) + " -> " + here + "): a loop would never be answered");
    }
    path.add(here);
    for (NodeCall call : at.types().get(type).calls()) {
      TopologyService callee = service(call.service());
      String calleeType = call.typeFor(type);
      if (!callee.types().containsKey(calleeType)) {
        throw new IllegalArgumentException("variant '" + name + "': '" + at.name() + "' calls '" + callee.name()
            + "' for type '" + calleeType + "', which it does not serve; it serves " + callee.types().keySet());
      }
      walk(callee, calleeType, path);
    }
    path.removeLast();
  }

  /** Whether a request of any type forks and joins somewhere: the model then simulates instead of MVA. */
  boolean forks() {
    return services.stream().flatMap(service -> service.types().values().stream()).anyMatch(NodeWork::forks);
  }

  /** Its CPU quotas together, in cores. */
  double quotaCores() {
    return services.stream().mapToDouble(TopologyService::quotaCores).sum();
  }
}
