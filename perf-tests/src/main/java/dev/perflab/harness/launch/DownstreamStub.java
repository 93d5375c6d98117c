package dev.perflab.harness.launch;

import java.net.URI;

/** The lab's downstream stub as an engine runs it: its control endpoints, its process, and stopping it. */
public interface DownstreamStub {

  /** The stub as the harness reaches it, for its control endpoints ({@code /mode/...}). */
  URI controlUri();

  /** The stub's main process as the host sees it, for its CPU beside a cell's. */
  long hostPid();

  /** Stops it: the apps' downstream becomes unreachable. */
  void stop();
}
