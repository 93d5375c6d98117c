package dev.perflab.harness.launch;

import dev.perflab.harness.result.Outcome;

/**
 * One running copy of an app, as an engine runs it (a container on the local engine, a pod's container on a
 * cluster): what the harness drives, samples, kills and removes.
 */
public interface Replica {

  /** Its own address, which the host reaches without a proxy; null before it has one. */
  String networkIp();

  /** Its main process as the host sees it (for RSS and cgroup files); fails where the harness is not on its node. */
  long hostPid();

  boolean stillRunning();

  /** What it has written to stdout and stderr so far. */
  String logs();

  /** A failure of this replica, with its exit code, OOM kill and log as they are now. */
  Outcome.Failed failure(String subject, String reason);

  /** Kills it at once, as a crash would (SIGKILL, no shutdown). */
  void kill();

  /** Removes it. */
  void stop();
}
