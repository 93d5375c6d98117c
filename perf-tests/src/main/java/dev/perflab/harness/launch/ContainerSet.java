package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Services launched together on the lab network, each reaching the others by name, all on the measured
 * CPUs, their CPU quotas shared out of them. A point of an experiment launches one set; a cell is a set
 * of one.
 *
 * @param id how labels, logs and failures name the set
 * @param services started in this order, each replica answering before the next starts
 */
public record ContainerSet(String id, List<SetService> services) {

  public ContainerSet {
    services = List.copyOf(services);
    if (services.isEmpty()) {
      throw new IllegalArgumentException("the set '" + id + "' has no services");
    }
    Set<String> names = new HashSet<>();
    for (SetService service : services) {
      for (int replica = 0; replica <= service.replicas(); replica++) {
        String name = replica == 0 ? service.name() : service.replicaName(replica);
        if (!names.add(name)) {
          throw new IllegalArgumentException("the set '" + id + "' has the name '" + name + "' twice (a service, or a"
              + " replica's name-N): each name must reach one service");
        }
      }
    }
  }

  /** One cell as a set of one: the service named after its app, as the lab has always run a cell. */
  public static ContainerSet of(Cell cell) {
    String name = cell.app().name().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "-").replaceAll("^[^a-z]+", "");
    return new ContainerSet(cell.id(), List.of(SetService.of(name.isEmpty() ? "app" : name, cell)));
  }

  /**
   * Why the set cannot run on {@code cpus} measured CPUs (the cpuset {@code cpuset}), with the sums; empty
   * when its quotas fit. Quotas beyond the CPUs would let the services throttle each other on top of their
   * own limits: the figures would measure the machine, not the limits.
   */
  public Optional<String> overBudget(int cpus, String cpuset) {
    long asked = services.stream().mapToLong(SetService::millicores).sum();
    if (asked <= cpus * 1000L) {
      return Optional.empty();
    }
    String sums = services.stream()
        .map(service -> service.name() + ": " + service.cell().profile().cpus() + " x " + service.replicas() + " = "
            + cores(service.millicores()))
        .collect(Collectors.joining("; "));
    return Optional.of("the set '" + id + "' asks for " + cores(asked) + " in CPU quotas (" + sums + ") but measures on "
        + cpus + " CPU (measuredCpuset \"" + cpuset + "\"): lower the services' CPU limits or replicas until they sum"
        + " to at most " + cpus + ".0 CPU");
  }

  private static String cores(long millicores) {
    return millicores / 1000.0 + " CPU";
  }
}
