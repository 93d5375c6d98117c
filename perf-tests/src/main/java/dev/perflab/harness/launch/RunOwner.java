package dev.perflab.harness.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The process that made a container, network or namespace, as its {@code dev.perflab.owner} label names it: this
 * host's boot, the JVM's pid and its start ({@code <boot id>.<pid>.<start millis>}, a valid Kubernetes label value).
 * A sweep removes what a dead run left and leaves a live run's alone: a pid alone could be reused, and a boot id
 * tells that a pid belongs to this host's present boot.
 *
 * @param boot the host's boot id ({@code /proc/sys/kernel/random/boot_id}), or "unknown"
 * @param pid the JVM's process id
 * @param startMillis when the JVM started, as the kernel reports it (milliseconds since the epoch)
 */
public record RunOwner(String boot, long pid, long startMillis) {

  /** This JVM. */
  public static final RunOwner CURRENT = new RunOwner(bootId(), ProcessHandle.current().pid(),
      ProcessHandle.current().info().startInstant().map(Instant::toEpochMilli).orElse(0L));

  /** The owner a label names; empty for a label of another form (a run from before owners were labelled). */
  public static Optional<RunOwner> parse(String label) {
    if (label == null) {
      return Optional.empty();
    }
    String[] parts = label.split("\\.");
    if (parts.length != 3) {
      return Optional.empty();
    }
    try {
      return Optional.of(new RunOwner(parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2])));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public String label() {
    return boot + "." + pid + "." + startMillis;
  }

  /**
   * Whether the owner still runs: on this boot of this host, its pid alive and started when it did. An owner of
   * another boot (or another host sharing a cluster) is taken as gone: nothing here can ask it.
   */
  public boolean alive() {
    if (!boot.equals(CURRENT.boot) || boot.equals("unknown")) {
      return false;
    }
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
        .flatMap(process -> process.info().startInstant())
        // The kernel's start time, read twice, can differ by a clock tick.
        .map(start -> Math.abs(start.toEpochMilli() - startMillis) < 1000).orElse(false);
  }

  /** "pid 4711" as a log names it. */
  public String describe() {
    return "pid " + pid;
  }

  private static String bootId() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).strip();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
