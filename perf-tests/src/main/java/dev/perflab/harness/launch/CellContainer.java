package dev.perflab.harness.launch;

import com.github.dockerjava.api.command.InspectContainerResponse;
import dev.perflab.harness.catalog.ResourceProfile;
import java.util.Map;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A container under measurement: cgroup limits applied through the create-container command,
 * a fixed host port (so the readiness probe can poll before the container exists), and the
 * moment just before Docker's start call recorded for time-to-first-OK.
 */
public final class CellContainer extends GenericContainer<CellContainer> {

  private volatile long startCallNanos;
  private volatile long hostPid;

  public CellContainer(String image) {
    super(DockerImageName.parse(image));
  }

  /** CPU quota in cores (CFS quota/period), memory limit, and memory+swap equal to it. */
  public CellContainer withLimits(ResourceProfile profile) {
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
        .withNanoCPUs(Math.round(profile.cpus() * 1_000_000_000L))
        .withMemory(profile.memoryBytes())
        .withMemorySwap(profile.memoryBytes()));
  }

  /** Pins the container to these host CPUs (cpuset syntax, e.g. "1"). */
  public CellContainer withCpuset(String cpus) {
    return withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(cpus));
  }

  public CellContainer withHostPort(int hostPort, int containerPort) {
    addFixedExposedPort(hostPort, containerPort);
    return self();
  }

  public CellContainer withLabelsFrom(Map<String, String> labels) {
    return withLabels(labels);
  }

  @Override
  protected void containerIsCreated(String containerId) {
    // Testcontainers calls this right before the Docker start call: time-to-first-OK's zero.
    startCallNanos = System.nanoTime();
  }

  @Override
  protected void containerIsStarting(InspectContainerResponse containerInfo) {
    hostPid = containerInfo.getState().getPidLong();
  }

  public long startCallNanos() {
    return startCallNanos;
  }

  /** The container's main process as seen from the host (for RSS and cgroup files). */
  public long hostPid() {
    if (hostPid == 0) {
      hostPid = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getPidLong();
    }
    return hostPid;
  }

  public boolean stillRunning() {
    Boolean running = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getRunning();
    return Boolean.TRUE.equals(running);
  }
}
