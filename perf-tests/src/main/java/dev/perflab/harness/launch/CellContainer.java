package dev.perflab.harness.launch;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import dev.perflab.harness.catalog.ResourceProfile;
import dev.perflab.harness.measure.HostCgroups;
import dev.perflab.harness.result.Outcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.IsRunningStartupCheckStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * A container under measurement: cgroup limits applied through the create-container command,
 * the moment just before Docker's start call recorded for time-to-first-OK, and what the host
 * needs to observe it (its main process, its address on the lab network). A fixed host port is
 * only for containers kept running for traffic.
 */
public final class CellContainer extends GenericContainer<CellContainer> implements Replica {

  /** What the container looked like when its launch failed, for the report. */
  /**
   * @param oomKillsInside processes of the container's cgroup the OOM killer ended while the
   *     container itself ran on (null when unknown, or when the container had exited)
   * @param memoryLimitHits how often its memory reached the limit, read the same way (null likewise)
   * @param memoryUsageBytes its memory in use then (null likewise)
   */
  record FailedState(Long exitCode, Boolean oomKilled, Long oomKillsInside, Long memoryLimitHits,
      Long memoryUsageBytes, String log) {}

  private volatile long startCallNanos;
  private volatile long hostPid;
  private volatile String networkIp;
  private volatile FailedState failedState;

  public CellContainer(String image) {
    super(DockerImageName.parse(image));
    withStartupCheckStrategy(new FailureCapturingStartupCheck());
  }

  /**
   * Testcontainers' own check that the container runs after its start call, which takes the exit code and
   * log of a container that exited at once (a JVM refusing an option) before Testcontainers removes it:
   * the wait for its first OK, which takes them otherwise, never runs then.
   */
  private final class FailureCapturingStartupCheck extends IsRunningStartupCheckStrategy {
    @Override
    public boolean waitUntilStartupSuccessful(GenericContainer<?> container) {
      boolean started = super.waitUntilStartupSuccessful(container);
      if (!started) {
        captureFailedState();
      }
      return started;
    }
  }

  /** The profile's CPU limit (Docker's --cpus), memory limit, and memory+swap equal to it. */
  public CellContainer withLimits(ResourceProfile profile) {
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
        .withNanoCPUs(profile.cpus().nanoCpus())
        .withMemory(profile.memoryBytes())
        .withMemorySwap(profile.memoryBytes()));
  }

  /**
   * The profile's CPU limit as a CFS quota per {@code cfsPeriod}, its memory limit, and memory+swap
   * equal to it. A 100 ms period is what {@link #withLimits(ResourceProfile)} gets from Docker; a shorter
   * one spreads the same share over shorter slices, so a throttled container waits less at a time.
   */
  public CellContainer withLimits(ResourceProfile profile, Duration cfsPeriod) {
    long periodMicros = cfsPeriod.toNanos() / 1000;
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
        .withCpuPeriod(periodMicros)
        .withCpuQuota(profile.cpus().quotaMicros(periodMicros))
        .withMemory(profile.memoryBytes())
        .withMemorySwap(profile.memoryBytes()));
  }

  /** Pins the container to these host CPUs (cpuset syntax, e.g. "1"). */
  /** {@code hostDirectory} mounted read-write at {@code containerPath}: where the JVM writes what the host reads after. */
  public CellContainer withDirectory(Path hostDirectory, String containerPath) {
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
        .withBinds(new Bind(hostDirectory.toAbsolutePath().toString(), new Volume(containerPath), AccessMode.rw)));
  }

  /**
   * Stops the JVM as {@code docker stop} would (SIGTERM to the entry point), so its shutdown hooks run, and waits
   * for the container to exit; false if it still runs after {@code timeout}.
   */
  public boolean terminate(Duration timeout) {
    getDockerClient().killContainerCmd(getContainerId()).withSignal("TERM").exec();
    try {
      getDockerClient().waitContainerCmd(getContainerId()).start().awaitStatusCode(timeout.toMillis(),
          TimeUnit.MILLISECONDS);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  public CellContainer withCpuset(String cpus) {
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(cpus));
  }

  public CellContainer withHostPort(int hostPort, int containerPort) {
    addFixedExposedPort(hostPort, containerPort);
    return self();
  }

  /** Starts nothing once the run was told to stop ({@link RunStop}). */
  @Override
  public void start() {
    RunStop.check();
    super.start();
  }

  @Override
  protected void containerIsCreated(String containerId) {
    // Testcontainers calls this right before the Docker start call: time-to-first-OK's zero.
    startCallNanos = System.nanoTime();
  }

  @Override
  protected void containerIsStarting(InspectContainerResponse containerInfo) {
    hostPid = containerInfo.getState().getPidLong();
    networkIp = containerInfo.getNetworkSettings().getNetworks().values().stream()
        .map(network -> network.getIpAddress())
        .filter(ip -> ip != null && !ip.isEmpty())
        .findFirst()
        .orElse(null);
  }

  /**
   * The container's address on its Docker network, known once it has started (null before).
   * The host reaches it directly over the bridge, without docker-proxy in between.
   */
  @Override
  public String networkIp() {
    return networkIp;
  }

  public long startCallNanos() {
    return startCallNanos;
  }

  /** The container's main process as seen from the host (for RSS and cgroup files). */
  @Override
  public long hostPid() {
    if (hostPid == 0) {
      hostPid = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getPidLong();
    }
    return hostPid;
  }

  /**
   * Takes the container's exit code, OOM flag and log now: Testcontainers removes a container
   * whose start failed before the caller could look at it.
   */
  void captureFailedState() {
    if (getContainerId() == null) {
      return;
    }
    try {
      InspectContainerResponse.ContainerState state = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState();
      Long exitCode = Boolean.TRUE.equals(state.getRunning()) ? null : state.getExitCodeLong();
      HostCgroups cgroups = exitCode == null ? cgroups() : null;
      failedState = new FailedState(exitCode, state.getOOMKilled(), read(cgroups, HostCgroups::oomKills),
          read(cgroups, HostCgroups::memoryLimitHits), read(cgroups, HostCgroups::memoryUsageBytes),
          logsOfExited(exitCode != null));
    } catch (RuntimeException e) {
      failedState = new FailedState(null, null, null, null, null,
          "(could not read the container's state or log: " + e.getMessage() + ")");
    }
  }

  /** The running container's cgroups, read from the host; null if they cannot be found. */
  private HostCgroups cgroups() {
    try {
      return HostCgroups.ofProcess(hostPid());
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static Long read(HostCgroups cgroups, ToLongFunction<HostCgroups> counter) {
    try {
      return cgroups == null ? null : counter.applyAsLong(cgroups);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The log; for a container that has just exited, read again for up to a second while empty:
   * the daemon may still be writing the last output of a process that failed in milliseconds.
   */
  private String logsOfExited(boolean exited) {
    String logs = getLogs();
    for (int attempt = 0; exited && logs.isBlank() && attempt < 20; attempt++) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
      logs = getLogs();
    }
    return logs;
  }

  /**
   * A failure of this container, with its exit code, OOM flag and log as captured at a failed start,
   * or as they are now; without them if the container was never created.
   */
  @Override
  public Outcome.Failed failure(String subject, String reason) {
    if (failedState == null) {
      captureFailedState();
    }
    return failedState == null ? Outcome.Failed.of(subject, reason) : new Outcome.Failed(subject,
        firstCause(failedState) + reason, failedState.exitCode(), failedState.oomKilled(),
        Outcome.Failed.tail(failedState.log()));
  }

  /**
   * What ended the container, put before what the harness saw next: a launch killed for memory
   * during the limits check must read "killed ... (OOM)", not "the limits check printed nothing".
   */
  static String firstCause(FailedState state) {
    if (Boolean.TRUE.equals(state.oomKilled())) {
      return "the container was killed by the kernel OOM killer at its memory limit"
          + (state.exitCode() == null ? "" : " (exit code " + state.exitCode() + ")") + "; then ";
    }
    if (state.exitCode() != null) {
      return "the container exited with code " + state.exitCode() + "; then ";
    }
    if (state.oomKillsInside() != null && state.oomKillsInside() > 0) {
      return "the kernel OOM killer ended " + state.oomKillsInside() + " process(es) in the container at its"
          + " memory limit; then ";
    }
    if (state.memoryLimitHits() != null && state.memoryLimitHits() > 0) {
      return "the container ran at its memory limit (reached " + state.memoryLimitHits() + " times"
          + (state.memoryUsageBytes() == null ? "" : ", " + (state.memoryUsageBytes() >> 20) + " MiB in use")
          + "): the kernel reclaims its pages, code included, instead of killing it, so it crawls rather than"
          + " dies; then ";
    }
    return "";
  }

  @Override
  public boolean stillRunning() {
    Boolean running = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getRunning();
    return Boolean.TRUE.equals(running);
  }

  @Override
  public String logs() {
    return getLogs();
  }

  @Override
  public void kill() {
    try {
      getDockerClient().killContainerCmd(getContainerId()).withSignal("KILL").exec();
    } catch (ConflictException e) {
      throw new IllegalStateException("container " + getContainerId().substring(0, 12) + " is not running (killed"
          + " already, or it exited): " + e.getMessage(), e);
    }
  }
}
