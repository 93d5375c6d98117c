package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.result.Outcome;
import java.net.InetSocketAddress;
import java.net.URI;

/**
 * A cell kept running for traffic; closing it removes the container, then its database (null for an app
 * without one, or when the cell's set keeps it).
 *
 * @param baseUri where the host reaches it: its lab-network address when pinned, else its published port
 */
public record RunningCell(Cell cell, CellContainer container, URI baseUri, AppDatabase database, Startup startup)
    implements AutoCloseable {

  /**
   * How it started: from Docker's start call to the first 200, and the CPU it had used by then. A
   * fair startup time only for a pinned start ({@link CellLauncher#startPinned}), which polls the
   * container's own address as a measured launch does.
   */
  public record Startup(double timeToFirstOkMillis, double cpuUntilReadySeconds) {}

  /**
   * The app at the container's own address on the lab network: what load is driven at, rather than
   * the published port, where docker-proxy would be the bottleneck.
   */
  public InetSocketAddress address() {
    return new InetSocketAddress(container.networkIp(), cell.app().port());
  }

  /** The container, which has stopped, as a failure: its exit code, OOM kill and log. */
  public Outcome.Failed exited(String subject, String reason) {
    return container.failure(subject, reason);
  }

  @Override
  public void close() {
    container.stop();
    CellLauncher.close(database);
  }
}
