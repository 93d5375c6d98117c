package dev.perflab.harness.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Network;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Removes containers and networks carrying the harness's labels: all of them once when a JVM
 * first uses the lab (leftovers of an earlier, killed run), and this run's own at JVM exit.
 */
public final class LeftoverSweeper {

  private static final Logger LOG = LoggerFactory.getLogger(LeftoverSweeper.class);
  private static boolean armed;

  private LeftoverSweeper() {}

  /** Sweeps earlier runs' leftovers and arms this run's exit sweep; idempotent per JVM. */
  public static synchronized void armOnce() {
    if (armed) {
      return;
    }
    armed = true;
    int removed = sweep(Map.of(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE));
    if (removed > 0) {
      LOG.warn("Removed {} container(s)/network(s) left behind by an earlier perflab run", removed);
    }
    Runtime.getRuntime().addShutdownHook(new Thread(
        () -> sweep(Map.of(LabLabels.RUN_KEY, LabLabels.RUN_ID)), "perflab-exit-sweep"));
  }

  /** Removes every container, then every network, with all of {@code labels}; returns how many. */
  public static int sweep(Map<String, String> labels) {
    DockerClient docker = DockerClientFactory.instance().client();
    List<Container> containers = docker.listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(labels)
        .exec();
    for (Container container : containers) {
      docker.removeContainerCmd(container.getId()).withForce(true).withRemoveVolumes(true).exec();
    }
    List<String> labelFilters = labels.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .toList();
    List<Network> networks = docker.listNetworksCmd().withFilter("label", labelFilters).exec();
    int removedNetworks = 0;
    for (Network network : networks) {
      try {
        docker.removeNetworkCmd(network.getId()).exec();
        removedNetworks++;
      } catch (DockerException e) {
        // Still in use, e.g. by an image build's training step attached to it (not a container
        // of ours): not a leftover to fail a run over; the next sweep tries again.
        LOG.warn("network {} not removed: {}", network.getName(), e.getMessage());
      }
    }
    return containers.size() + removedNetworks;
  }
}
