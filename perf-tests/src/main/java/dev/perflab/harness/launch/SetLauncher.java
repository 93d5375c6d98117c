package dev.perflab.harness.launch;

/**
 * Launches {@link ContainerSet}s on the lab's engine: every replica under its service's limits, reaching the
 * other services by name, labelled like a cell.
 */
public interface SetLauncher {

  /**
   * Starts the set and returns once every replica answers 200 (and its balancer, if it has one, has seen each
   * pass a health check); the caller closes it. A set the engine cannot run as asked is refused before anything
   * starts; if a replica fails to start, the rest is removed and its failure thrown with its logs.
   */
  RunningSet start(ContainerSet set) throws CellLaunchException, InterruptedException;
}
