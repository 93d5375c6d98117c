package dev.perflab.harness.launch;

import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ContainerSet} running: every replica started and answering. Closing it removes every container,
 * then each service's database.
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

  RunningSet(ContainerSet set, List<Service> services) {
    this.set = set;
    this.services = List.copyOf(services);
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

  /** Every replica's main process on the host, by replica name ("store-2"), in launch order: what is sampled. */
  public Map<String, Long> hostPids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    for (Service service : services) {
      for (int i = 0; i < service.replicas().size(); i++) {
        pids.put(service.spec().replicaName(i + 1), service.replicas().get(i).container().hostPid());
      }
    }
    return pids;
  }

  /** Removes every container, then the databases; a failure to remove one does not keep the rest. */
  @Override
  public void close() {
    close(services);
  }

  static void close(List<Service> services) {
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
