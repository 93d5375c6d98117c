package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.result.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.testcontainers.containers.Network;

/**
 * Launches a {@link ContainerSet} on the local engine's lab network: every replica pinned to the measured CPUs under its
 * service's CPU quota and CFS period and its memory limit, reachable by its own name and its service's
 * (unless the set's balancer stands between the services: then the service's name is the balancer's),
 * labelled like a cell, the replicas of a service sharing one database. Every replica starts at once, as
 * an orchestrator starts them: each under its own quota, the quotas within the CPUs, so none takes
 * another's share. A set with a balancer gets its HAProxy container once every replica answers, on the
 * same CPUs under its own quota.
 */
public final class DockerSetLauncher implements SetLauncher {

  private final Catalog catalog;
  private final DockerCellLauncher cells;
  private final Network network;
  private final Duration readyTimeout;

  DockerSetLauncher(Catalog catalog, DockerCellLauncher cells, Network network, Duration readyTimeout) {
    this.catalog = catalog;
    this.cells = cells;
    this.network = network;
    this.readyTimeout = readyTimeout;
  }

  /**
   * {@inheritDoc} Refused here: a set whose quotas do not fit the measured CPUs, or that asks for a balancer the
   * catalog has no image for.
   */
  @Override
  public RunningSet start(ContainerSet set) throws CellLaunchException, InterruptedException {
    RunStop.check();
    set.overBudget(catalog.measuredCpuCount(), catalog.measuredCpuset()).ifPresent(why -> {
      throw new IllegalArgumentException(why);
    });
    String balancerImage = set.balancer() == null ? null : catalog.balancerImage();
    List<SetService> services = set.services();
    List<AppDatabase> databases = databases(services);
    List<List<Future<RunningCell>>> replicas = new ArrayList<>();
    try (ExecutorService starts = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < services.size(); i++) {
        SetService service = services.get(i);
        AppDatabase shared = databases.get(i);
        List<Future<RunningCell>> started = new ArrayList<>();
        for (int replica = 1; replica <= service.replicas(); replica++) {
          int number = replica;
          started.add(starts.submit(() -> start(set, service, number, shared)));
        }
        replicas.add(started);
      }
    } // waits for every start, failed or not
    List<RunningSet.Service> running = new ArrayList<>();
    CellLaunchException failure = null;
    for (int i = 0; i < services.size(); i++) {
      List<RunningCell> started = new ArrayList<>();
      for (Future<RunningCell> replica : replicas.get(i)) {
        try {
          started.add(replica.get());
        } catch (ExecutionException e) {
          failure = failure != null ? failure : e.getCause() instanceof CellLaunchException launch ? launch
              : new CellLaunchException(Outcome.Failed.of(set.id(), CellLauncher.rootMessage(e)), e.getCause());
        }
      }
      running.add(new RunningSet.Service(services.get(i), started, databases.get(i)));
    }
    if (failure != null) {
      RunningSet.close(running);
      throw failure;
    }
    if (balancerImage == null) {
      return new RunningSet(set, running, null);
    }
    try {
      return new RunningSet(set, running,
          RunningBalancer.start(set, balancerImage, catalog.measuredCpuset(), network, readyTimeout));
    } catch (CellLaunchException | InterruptedException | RuntimeException e) {
      RunningSet.close(running);
      throw e;
    }
  }

  /** Each service's database, in order (null for an app without one); none left behind if one cannot be made. */
  private List<AppDatabase> databases(List<SetService> services) {
    List<AppDatabase> databases = new ArrayList<>();
    try {
      for (SetService service : services) {
        databases.add(cells.databaseFor(service.cell()));
      }
    } catch (RuntimeException e) {
      databases.forEach(CellLauncher::close);
      throw e;
    }
    return databases;
  }

  private RunningCell start(ContainerSet set, SetService service, int replica, AppDatabase shared)
      throws CellLaunchException {
    String name = service.replicaName(replica);
    // With HAProxy between the services, the service's name is the balancer's: a replica answers to its own only.
    boolean balanced = set.balancer() != null && set.balancer().mode() == BalancerSpec.Mode.HAPROXY;
    CellContainer container = cells.labContainer(service.cell(), shared)
        .withLimits(service.cell().profile(), service.cfsPeriod())
        .withCpuset(catalog.measuredCpuset())
        .withNetworkAliases(balanced ? new String[] {name} : new String[] {service.name(), name})
        .withEnv(service.environment())
        .withLabels(LabLabels.forReplica(set.id(), name, service.cell().id()));
    // The database is the service's, not the replica's: the set drops it once its replicas are gone.
    return cells.start(service.cell(), container, null, true);
  }
}
