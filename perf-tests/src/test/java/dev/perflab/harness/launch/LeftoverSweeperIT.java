package dev.perflab.harness.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import dev.perflab.harness.catalog.CatalogLoader;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

/**
 * The sweep before a run removes what runs that no longer run left (containers, networks, volumes), names each, and
 * leaves a live run's alone, naming it as what the run is measured beside.
 */
@Tag("smoke")
class LeftoverSweeperIT {

  private final DockerClient docker = DockerClientFactory.instance().client();

  @Test
  void aDeadRunsLeftoversGoAndALiveRunsStay() {
    RunOwner dead = new RunOwner(RunOwner.CURRENT.boot(), Long.MAX_VALUE, 0);
    // Another process that runs: the one that started this JVM (Maven, under the build).
    ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
    RunOwner live = new RunOwner(RunOwner.CURRENT.boot(), parent.pid(),
        parent.info().startInstant().orElseThrow().toEpochMilli());
    String deadContainer = container("perflab-sweep-dead", labels("dead0001", dead.label()));
    String liveContainer = container("perflab-sweep-live", labels("live0001", live.label()));
    String oldContainer = container("perflab-sweep-before-owners", labels("old00001", null));
    String deadNetwork = docker.createNetworkCmd().withName("perflab-sweep-dead-net")
        .withLabels(labels("dead0001", dead.label())).exec().getId();
    docker.createVolumeCmd().withName("perflab-sweep-dead-volume").withLabels(labels("dead0001", dead.label())).exec();
    try {
      LeftoverSweeper.Swept swept = LeftoverSweeper.sweepEarlier();

      assertThat(swept.removed()).contains("container perflab-sweep-dead (run dead0001, pid " + Long.MAX_VALUE + ")",
          "container perflab-sweep-before-owners (run old00001)",
          "network perflab-sweep-dead-net (run dead0001, pid " + Long.MAX_VALUE + ")",
          "volume perflab-sweep-dead-volume (run dead0001, pid " + Long.MAX_VALUE + ")");
      assertThat(swept.ofLiveRuns()).contains("container perflab-sweep-live (run live0001, pid " + live.pid() + ")");
      assertThat(exists(deadContainer)).isFalse();
      assertThat(exists(oldContainer)).isFalse();
      assertThat(exists(liveContainer)).as("a live run's container").isTrue();
      assertThat(swept.lines()).anySatisfy(line -> assertThat(line).startsWith("left 1 thing(s) of perflab runs still"
          + " running, which this run was measured beside"));
    } finally {
      docker.removeContainerCmd(liveContainer).withForce(true).exec();
      try {
        docker.removeNetworkCmd(deadNetwork).exec();
      } catch (NotFoundException gone) {
        // Swept, as it should be.
      }
    }
  }

  private Map<String, String> labels(String run, String owner) {
    Map<String, String> labels = new HashMap<>(Map.of(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE, LabLabels.RUN_KEY,
        run));
    if (owner != null) {
      labels.put(LabLabels.PROCESS_KEY, owner);
    }
    return labels;
  }

  /** A stopped container of the stub's image (any local image would do: it never runs). */
  private String container(String name, Map<String, String> labels) {
    String image = CatalogLoader.bundled().downstream().image();
    return docker.createContainerCmd(image).withName(name).withLabels(labels).exec().getId();
  }

  private boolean exists(String id) {
    try {
      docker.inspectContainerCmd(id).exec();
      return true;
    } catch (NotFoundException e) {
      return false;
    }
  }
}
