package dev.perflab.harness.launch;

import dev.perflab.harness.catalog.Cell;
import dev.perflab.harness.launch.LabDatabase.AppDatabase;
import dev.perflab.harness.result.Outcome;
import java.net.InetSocketAddress;
import java.net.URI;

/**
 * A cell kept running for traffic; closing it removes the replica, then its database (null for an app
 * without one, or when the cell's set keeps it).
 *
 * @param baseUri where the host reaches it: its lab-network address when pinned, else its published port
 */
public record RunningCell(Cell cell, Replica replica, URI baseUri, AppDatabase database, Startup startup)
    implements AutoCloseable {

  /**
   * How it started: from the engine's start call to the first 200, and the CPU it had used by then. A
   * fair startup time only for a pinned start ({@link CellLauncher#startPinned}), which polls the
   * replica's own address as a measured launch does.
   */
  public record Startup(double timeToFirstOkMillis, double cpuUntilReadySeconds) {}

  /**
   * The app at the replica's own address: what load is driven at, rather than a published port, where a proxy
   * would be the bottleneck.
   */
  public InetSocketAddress address() {
    return new InetSocketAddress(replica.networkIp(), cell.app().port());
  }

  /** The replica, which has stopped, as a failure: its exit code, OOM kill and log. */
  public Outcome.Failed exited(String subject, String reason) {
    return replica.failure(subject, reason);
  }

  @Override
  public void close() {
    replica.stop();
    CellLauncher.close(database);
  }
}
