package dev.perflab.harness.kill;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import dev.perflab.harness.launch.LabLabels;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * When a trial kills its run: each moment is told from what the run prints (a build step, the machine reference's
 * start) or from what it has on the engine (a launch's container, a set's, a pod's), never from a sleep, so a slow
 * day moves the kill with the run.
 */
public enum KillMoment {

  /** While the images build: Maven runs an app's image build. */
  IMAGES_BUILD("while images build", Pattern.compile(".*--- exec:[^ ]+ \\((jvm|aot)-image\\) @.*"), null, 0),
  /** During the machine reference, before any launch. */
  MACHINE_REFERENCE("during the machine reference", Pattern.compile(".*machine reference: measuring.*"), null, 2),
  /** A launch's container runs and has not yet answered (a JVM takes seconds to its first OK). */
  MID_LAUNCH("mid-launch", null, Map.of(LabLabels.CELL_KEY, ""), 1),
  /**
   * A launch's container has run for {@value #UNDER_LOAD_SECONDS} s: longer than a measured start takes, so it is one
   * kept for load.
   */
  MID_LOAD("mid-load", null, Map.of(LabLabels.CELL_KEY, ""), 0),
  /** A set's first container has been created: the set is starting. */
  MID_SET_START("mid set start", null, Map.of(LabLabels.SET_KEY, ""), 0),
  /** A pod of the run's namespace has a container on the node: a rollout is under way. */
  CLUSTER_ROLLOUT("during a cluster rollout", null, Map.of("io.kubernetes.pod.namespace", ""), 1);

  /** How long a container of {@link #MID_LOAD} has run. */
  static final long UNDER_LOAD_SECONDS = 25;

  private final String description;
  private final Pattern line;
  private final Map<String, String> containerLabel;
  private final int secondsAfter;

  KillMoment(String description, Pattern line, Map<String, String> containerLabel, int secondsAfter) {
    this.description = description;
    this.line = line;
    this.containerLabel = containerLabel;
    this.secondsAfter = secondsAfter;
  }

  public String description() {
    return description;
  }

  /** How long after the moment is seen the kill comes: into the launch, into the load. */
  public int secondsAfter() {
    return secondsAfter;
  }

  /** Whether {@code output}, a line the run printed, is the moment. */
  boolean seenIn(String output) {
    return line != null && line.matcher(output).matches();
  }

  /**
   * Whether each container that shows the moment is a time it is seen (a cluster's pods: the lab's own stay up
   * through the run), rather than each time such containers appear after none did (a launch, a set of several).
   */
  boolean countsEachContainer() {
    return this == CLUSTER_ROLLOUT;
  }

  /** The containers that show the moment on the engine: of a perflab run, of the kind it names. */
  Set<String> seenOn(DockerClient docker) {
    if (containerLabel == null) {
      return Set.of();
    }
    String key = containerLabel.keySet().iterator().next();
    List<Container> running = docker.listContainersCmd().withLabelFilter(List.of(key)).exec();
    long minimumAge = this == MID_LOAD ? UNDER_LOAD_SECONDS : 0;
    long now = System.currentTimeMillis() / 1000;
    return running.stream().filter(container -> now - container.getCreated() >= minimumAge)
        .filter(container -> key.startsWith("io.kubernetes")
            ? container.getLabels().getOrDefault(key, "").startsWith("perflab-")
                && !"POD".equals(container.getLabels().get("io.kubernetes.container.name"))
            : LabLabels.OWNER_VALUE.equals(container.getLabels().get(LabLabels.OWNER_KEY)))
        .map(Container::getId).collect(Collectors.toSet());
  }
}
