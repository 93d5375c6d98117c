package dev.perflab.harness.launch;

import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link ContainerSet} running: every replica started and answering, and its balancer, if it has one. Closing
 * it removes the balancer, then every replica's container, then each service's database.
 */
public final class RunningSet implements AutoCloseable {

  /**
   * A service's replicas, in order (replica 1 first), and the one database they share (null for an app
   * without one).
   */
  public record Service(SetService spec, List<RunningCell> replicas, AppDatabase database) {

    public Service {
      replicas = List.copyOf(replicas);
    }
  }

  private final ContainerSet set;
  private final List<Service> services;
  /** Null for a set without one. */
  private final RunningBalancer balancer;
  /** What the engine removes before the replicas (a cluster's Deployments, which would replace them); or null. */
  private final AutoCloseable controllers;

  RunningSet(ContainerSet set, List<Service> services, RunningBalancer balancer) {
    this(set, services, balancer, null);
  }

  /** A set an engine runs under controllers of its own: {@code controllers} are closed before its replicas. */
  public RunningSet(ContainerSet set, List<Service> services, RunningBalancer balancer, AutoCloseable controllers) {
    this.set = set;
    this.services = List.copyOf(services);
    this.balancer = balancer;
    this.controllers = controllers;
  }

  public ContainerSet set() {
    return set;
  }

  public Service service(String name) {
    return services.stream().filter(service -> service.spec().name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("the set '" + set.id() + "' has no service '" + name + "'"));
  }

  /** The replica of a set of one service with one replica: a cell, as it has always run. */
  public RunningCell only() {
    if (services.size() != 1 || services.getFirst().replicas().size() != 1) {
      throw new IllegalStateException("the set '" + set.id() + "' is not a single container");
    }
    return services.getFirst().replicas().getFirst();
  }

  /** The balancer in front of the replicas; empty for a set without one. */
  public Optional<RunningBalancer> balancer() {
    return Optional.ofNullable(balancer);
  }

  /**
   * Kills a replica ("store-2") at once, as a crash would (SIGKILL, no shutdown): a fault to inject. Its container
   * stays until the set closes; the balancer finds it gone by its health checks.
   */
  public void kill(String replicaName) {
    RunningCell replica = replicas().get(replicaName);
    if (replica == null) {
      throw new IllegalArgumentException("the set '" + set.id() + "' has no replica '" + replicaName + "'; its replicas"
          + " are " + replicas().keySet());
    }
    try {
      replica.replica().kill();
    } catch (IllegalStateException e) {
      throw new IllegalStateException("replica '" + replicaName + "' of the set '" + set.id() + "': " + e.getMessage(),
          e);
    }
  }

  /** Every replica by name, in launch order. */
  private Map<String, RunningCell> replicas() {
    Map<String, RunningCell> replicas = new LinkedHashMap<>();
    for (Service service : services) {
      for (int i = 0; i < service.replicas().size(); i++) {
        replicas.put(service.spec().replicaName(i + 1), service.replicas().get(i));
      }
    }
    return replicas;
  }

  /**
   * Every replica's main process on the host, by replica name ("store-2"), in launch order: what is sampled. The
   * balancer's is {@link RunningBalancer#hostPid()}.
   */
  public Map<String, Long> hostPids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    replicas().forEach((name, replica) -> pids.put(name, replica.replica().hostPid()));
    return pids;
  }

  /**
   * Removes the balancer first, so no request is routed to a replica being removed and its log does not fill with
   * their DOWNs; then the engine's controllers, so none replaces a replica; then every replica, then the databases.
   * A failure to remove one does not keep the rest.
   */
  @Override
  public void close() {
    RuntimeException first = null;
    if (balancer != null) {
      try {
        balancer.close();
      } catch (RuntimeException e) {
        first = e;
      }
    }
    if (controllers != null) {
      try {
        controllers.close();
      } catch (Exception e) {
        first = first == null ? new IllegalStateException("the set's controllers were not removed: " + e.getMessage(), e)
            : first;
      }
    }
    try {
      close(services);
    } catch (RuntimeException e) {
      first = first == null ? e : first;
    }
    if (first != null) {
      throw first;
    }
  }

  /** Closes every replica, then each service's database; a failure to close one does not keep the rest. */
  public static void close(List<Service> services) {
    RuntimeException first = null;
    for (Service service : services.reversed()) {
      for (RunningCell replica : service.replicas()) {
        try {
          replica.close();
        } catch (RuntimeException e) {
          first = first == null ? e : first;
        }
      }
      try {
        CellLauncher.close(service.database());
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
