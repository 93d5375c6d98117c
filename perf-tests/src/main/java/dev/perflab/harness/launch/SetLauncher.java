package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Catalog;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.result.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Launches a {@link ContainerSet} on the lab network: every replica pinned to the measured CPUs under its
 * service's CPU quota and CFS period and its memory limit, reachable by its service's name and its own,
 * labelled like a cell, the replicas of a service sharing one database. Every replica starts at once, as
 * an orchestrator starts them: each under its own quota, the quotas within the CPUs, so none takes
 * another's share.
 */
public final class SetLauncher {

  private final Catalog catalog;
  private final CellLauncher cells;

  SetLauncher(Catalog catalog, CellLauncher cells) {
    this.catalog = catalog;
    this.cells = cells;
  }

  /**
   * Starts the set and returns once every replica answers 200; the caller closes it. A set whose quotas do
   * not fit the measured CPUs is refused before anything starts; if a replica fails to start, the others
   * are removed and its failure thrown.
   */
  public RunningSet start(ContainerSet set) throws CellLaunchException, InterruptedException {
    set.overBudget(catalog.measuredCpuCount(), catalog.measuredCpuset()).ifPresent(why -> {
      throw new IllegalArgumentException(why);
    });
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
    return new RunningSet(set, running);
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
    CellContainer container = cells.labContainer(service.cell(), shared)
        .withLimits(service.cell().profile(), service.cfsPeriod())
        .withCpuset(catalog.measuredCpuset())
        .withNetworkAliases(service.name(), name)
        .withEnv(service.environment())
        .withLabels(LabLabels.forReplica(set.id(), name, service.cell().id()));
    // The database is the service's, not the replica's: the set drops it once its replicas are gone.
    return cells.start(service.cell(), container, null, true);
  }
}
