package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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
 * @param balancer the HAProxy container in front of the replicas, started once they answer; null for none
 */
public record ContainerSet(String id, List<SetService> services, BalancerSpec balancer) {

  /** A set without a balancer: each service's replicas all answer to its name (Docker's DNS round robin). */
  public ContainerSet(String id, List<SetService> services) {
    this(id, services, null);
  }

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
    if (balancer != null) {
      checkBalancer(id, services, balancer);
    }
  }

  /** The balancer's routes name services of the set, and no service listens where the balancer's stats do. */
  private static void checkBalancer(String id, List<SetService> services, BalancerSpec balancer) {
    List<String> names = services.stream().map(SetService::name).toList();
    if (!names.contains(balancer.edgeDefault())) {
      throw new IllegalArgumentException("the set '" + id + "': the balancer's edgeDefault '" + balancer.edgeDefault()
          + "' is not a service of the set; its services are " + names);
    }
    for (Map.Entry<String, String> route : balancer.edgeRoutes().entrySet()) {
      if (!names.contains(route.getValue())) {
        throw new IllegalArgumentException("the set '" + id + "': the balancer's edge route " + route.getKey() + " -> '"
            + route.getValue() + "' names no service of the set; its services are " + names);
      }
    }
    for (SetService service : services) {
      if (service.cell().app().port() == HaproxyConfig.STATS_PORT) {
        throw new IllegalArgumentException("the set '" + id + "': service '" + service.name() + "' listens on "
            + HaproxyConfig.STATS_PORT + ", the balancer's stats port; a set with a balancer needs its services elsewhere");
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
   * own limits: the figures would measure the machine, not the limits. The balancer runs on them too.
   */
  public Optional<String> overBudget(int cpus, String cpuset) {
    long balancerMillicores = balancer == null ? 0 : balancer.cpus().millicores();
    long asked = services.stream().mapToLong(SetService::millicores).sum() + balancerMillicores;
    if (asked <= cpus * 1000L) {
      return Optional.empty();
    }
    String sums = services.stream()
        .map(service -> service.name() + ": " + service.cell().profile().cpus() + " x " + service.replicas() + " = "
            + cores(service.millicores()))
        .collect(Collectors.joining("; "));
    if (balancer != null) {
      sums += "; balancer: " + balancer.cpus();
    }
    return Optional.of("the set '" + id + "' asks for " + cores(asked) + " in CPU quotas (" + sums + ") but measures on "
        + cpus + " CPU (measuredCpuset \"" + cpuset + "\"): lower the services'" + (balancer == null ? "" : " and the"
        + " balancer's") + " CPU limits or replicas until they sum to at most " + cpus + ".0 CPU");
  }

  private static String cores(long millicores) {
    return millicores / 1000.0 + " CPU";
  }
}
