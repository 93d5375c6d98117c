package dev.perflab.harness.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Image;
import com.github.dockerjava.api.model.Network;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Removes what carries the harness's labels on the local Docker engine: once, when a JVM first uses the lab, what
 * earlier runs that no longer run left (containers, networks, volumes; slowed variant images), and this run's own
 * at JVM exit ({@link RunStop}). A run still alive ({@link RunOwner#alive}) keeps its own: the sweep names it
 * instead, as what this run is measured beside. A pod's containers are left to the cluster's sweep, which deletes
 * their namespace.
 */
public final class LeftoverSweeper {

  private static final Logger LOG = LoggerFactory.getLogger(LeftoverSweeper.class);
  /** The label cri-dockerd puts on every container of a pod. */
  private static final String POD_LABEL = "io.kubernetes.pod.name";
  /** The label of a slowed variant image (the gate calibration's), built from an app image. */
  public static final String VARIANT_KEY = "dev.perflab.variant";
  private static Swept atStart;
  /** How long an exit sweep waits for a network's containers to be gone (another's removal of them under way). */
  private static final Duration NETWORK_FREE_WITHIN = Duration.ofSeconds(10);

  private LeftoverSweeper() {}

  /**
   * What a sweep removed, and what it left because its run still runs.
   *
   * @param removed "container quarkus-jvm (run 1a2b3c4d, pid 4711)", each thing removed
   * @param ofLiveRuns what live runs own, each with its owner
   */
  public record Swept(List<String> removed, List<String> ofLiveRuns) {

    public static final Swept NONE = new Swept(List.of(), List.of());

    public Swept {
      removed = List.copyOf(removed);
      ofLiveRuns = List.copyOf(ofLiveRuns);
    }

    public Swept plus(Swept other) {
      List<String> allRemoved = new ArrayList<>(removed);
      allRemoved.addAll(other.removed);
      List<String> allLive = new ArrayList<>(ofLiveRuns);
      allLive.addAll(other.ofLiveRuns);
      return new Swept(allRemoved, allLive);
    }

    /** The report's lines: what was removed, and what was measured beside. */
    public List<String> lines() {
      List<String> lines = new ArrayList<>();
      if (!removed.isEmpty()) {
        lines.add("removed " + removed.size() + " thing(s) earlier runs left: " + String.join(", ", removed));
      }
      if (!ofLiveRuns.isEmpty()) {
        lines.add("left " + ofLiveRuns.size() + " thing(s) of perflab runs still running, which this run was measured"
            + " beside: " + String.join(", ", ofLiveRuns));
      }
      return lines;
    }
  }

  /**
   * Sweeps what earlier runs left and arms this run's exit sweep, once per JVM; returns what the first call swept.
   */
  public static synchronized Swept armOnce() {
    if (atStart != null) {
      return atStart;
    }
    atStart = sweepEarlier();
    atStart.lines().forEach(line -> LOG.warn("Before the run: {}", line));
    RunStop.onExit("this run's containers and networks", () -> sweep(Map.of(LabLabels.RUN_KEY, LabLabels.RUN_ID)));
    return atStart;
  }

  /** Removes what runs that no longer run left; names what live runs own. */
  static Swept sweepEarlier() {
    DockerClient docker = DockerClientFactory.instance().client();
    List<String> removed = new ArrayList<>();
    List<String> live = new ArrayList<>();
    Predicate<Map<String, String>> ofOtherRuns = labels -> labels != null && !RunOwner.CURRENT.label().equals(
        labels.get(LabLabels.PROCESS_KEY)) && !LabLabels.RUN_ID.equals(labels.get(LabLabels.RUN_KEY));
    for (Container container : docker.listContainersCmd().withShowAll(true)
        .withLabelFilter(Map.of(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE)).exec()) {
      Map<String, String> labels = container.getLabels();
      if (!ofOtherRuns.test(labels) || labels.containsKey(POD_LABEL)) {
        continue;
      }
      String name = "container " + name(container) + owner(labels);
      if (liveOwner(labels).isPresent()) {
        live.add(name);
        continue;
      }
      try {
        docker.removeContainerCmd(container.getId()).withForce(true).withRemoveVolumes(true).exec();
        removed.add(name);
      } catch (NotFoundException e) {
        // Gone meanwhile.
      }
    }
    for (Network network : docker.listNetworksCmd().withFilter("label", List.of(LabLabels.OWNER_KEY + "="
        + LabLabels.OWNER_VALUE)).exec()) {
      if (!ofOtherRuns.test(network.getLabels())) {
        continue;
      }
      String name = "network " + network.getName() + owner(network.getLabels());
      if (liveOwner(network.getLabels()).isPresent()) {
        live.add(name);
      } else if (removeNetwork(docker, network)) {
        removed.add(name);
      }
    }
    removed.addAll(sweepVolumes(docker, ofOtherRuns, live));
    if (live.isEmpty()) {
      // A variant image is built and removed by its run; no live run may be about to start one.
      removed.addAll(sweepVariantImages(docker));
    }
    return new Swept(removed, live);
  }

  /** Labelled volumes of dead runs, but the cold start's registry volume, which must give its images back first. */
  private static List<String> sweepVolumes(DockerClient docker, Predicate<Map<String, String>> ofOtherRuns,
      List<String> live) {
    List<String> removed = new ArrayList<>();
    var volumes = docker.listVolumesCmd().withFilter("label", List.of(LabLabels.OWNER_KEY + "=" + LabLabels.OWNER_VALUE))
        .exec().getVolumes();
    for (var volume : volumes == null ? List.<com.github.dockerjava.api.command.InspectVolumeResponse>of() : volumes) {
      if (LocalRegistry.VOLUME.equals(volume.getName()) || !ofOtherRuns.test(volume.getLabels())) {
        continue;
      }
      String name = "volume " + volume.getName() + owner(volume.getLabels());
      if (liveOwner(volume.getLabels()).isPresent()) {
        live.add(name);
        continue;
      }
      try {
        docker.removeVolumeCmd(volume.getName()).exec();
        removed.add(name);
      } catch (DockerException e) {
        LOG.warn("volume {} not removed: {}", volume.getName(), e.getMessage());
      }
    }
    return removed;
  }

  private static List<String> sweepVariantImages(DockerClient docker) {
    List<String> removed = new ArrayList<>();
    for (Image image : docker.listImagesCmd().withLabelFilter(VARIANT_KEY).exec()) {
      for (String tag : image.getRepoTags() == null ? new String[0] : image.getRepoTags()) {
        try {
          docker.removeImageCmd(tag).exec();
          removed.add("image " + tag);
        } catch (DockerException e) {
          LOG.warn("variant image {} not removed: {}", tag, e.getMessage());
        }
      }
    }
    return removed;
  }

  /**
   * Removes the network, once: still in use, e.g. by an image build's training step attached to it (not a container
   * of ours), it is not a leftover to fail a run over; the next sweep tries again.
   */
  private static boolean removeNetwork(DockerClient docker, Network network) {
    return removeWhenFree(docker, network, System.nanoTime());
  }

  /** Removes the network once nothing uses it, trying until {@code deadline} ({@link System#nanoTime}). */
  private static boolean removeWhenFree(DockerClient docker, Network network, long deadline) {
    while (true) {
      try {
        docker.removeNetworkCmd(network.getId()).exec();
        return true;
      } catch (NotFoundException e) {
        return false;
      } catch (DockerException e) {
        if (System.nanoTime() > deadline) {
          LOG.warn("network {} not removed: {}", network.getName(), e.getMessage());
          return false;
        }
        sleepQuietly();
      }
    }
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(200);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Optional<RunOwner> liveOwner(Map<String, String> labels) {
    return RunOwner.parse(labels.get(LabLabels.PROCESS_KEY)).filter(RunOwner::alive);
  }

  private static String owner(Map<String, String> labels) {
    return " (run " + labels.getOrDefault(LabLabels.RUN_KEY, "?") + RunOwner.parse(labels.get(LabLabels.PROCESS_KEY))
        .map(owner -> ", " + owner.describe()).orElse("") + ")";
  }

  private static String name(Container container) {
    return container.getNames() == null || container.getNames().length == 0 ? container.getId().substring(0, 12)
        : container.getNames()[0].replaceFirst("^/", "");
  }

  /** Removes every container, then every network, with all of {@code labels}; returns how many. */
  public static int sweep(Map<String, String> labels) {
    DockerClient docker = DockerClientFactory.instance().client();
    List<Container> containers = docker.listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(labels)
        .exec();
    int removed = 0;
    for (Container container : containers) {
      try {
        docker.removeContainerCmd(container.getId()).withForce(true).withRemoveVolumes(true).exec();
        removed++;
      } catch (NotFoundException | ConflictException e) {
        // Removed meanwhile, or being removed (at exit Testcontainers' own hook removes the containers it started).
      }
    }
    List<String> labelFilters = labels.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .toList();
    // A network is free only once its containers are gone, which another's removal may still be doing.
    long deadline = System.nanoTime() + NETWORK_FREE_WITHIN.toNanos();
    List<Network> networks = docker.listNetworksCmd().withFilter("label", labelFilters).exec();
    for (Network network : networks) {
      if (removeWhenFree(docker, network, deadline)) {
        removed++;
      }
    }
    return removed;
  }
}
