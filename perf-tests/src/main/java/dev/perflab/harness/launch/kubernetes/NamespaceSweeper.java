package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.LabLabels;
import dev.perflab.harness.launch.LeftoverSweeper;
import dev.perflab.harness.launch.RunOwner;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the namespaces runs leave: every labelled one of the prefix whose run no longer runs
 * ({@link RunOwner#alive}), before anything is measured (a killed run's, with everything in it), and a run's own
 * when it closes or, failing that, at JVM exit. A live run's namespace is named, not deleted.
 */
final class NamespaceSweeper {

  private static final Logger LOG = LoggerFactory.getLogger(NamespaceSweeper.class);
  /** Long enough for pods with a 2 s grace period; a namespace still terminating then is left to the cluster. */
  static final Duration GONE_TIMEOUT = Duration.ofSeconds(90);

  private NamespaceSweeper() {}

  /**
   * Deletes the lab's namespaces whose name starts with {@code prefix-} and whose run no longer runs, waits for
   * them to go, and has {@code afterEach} clear the node of what each left; what it deleted and what it left.
   */
  static LeftoverSweeper.Swept sweep(KubernetesClient client, String prefix, Consumer<String> afterEach) {
    List<String> removed = new ArrayList<>();
    List<String> live = new ArrayList<>();
    for (Namespace namespace : client.namespaces().withLabel(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE).list()
        .getItems()) {
      String name = namespace.getMetadata().getName();
      Map<String, String> labels = namespace.getMetadata().getLabels();
      if (!name.startsWith(prefix + "-") || LabLabels.RUN_ID.equals(labels.get(LabLabels.RUN_KEY))) {
        continue;
      }
      String owner = RunOwner.parse(labels.get(LabLabels.PROCESS_KEY)).map(RunOwner::describe).orElse("");
      String described = "namespace " + name + (owner.isEmpty() ? "" : " (" + owner + ")");
      if (RunOwner.parse(labels.get(LabLabels.PROCESS_KEY)).filter(RunOwner::alive).isPresent()) {
        live.add(described);
        continue;
      }
      delete(client, name, afterEach);
      removed.add(described);
    }
    if (!removed.isEmpty()) {
      LOG.warn("Deleted {} namespace(s) left behind by an earlier perflab run: {}", removed.size(), removed);
    }
    if (!live.isEmpty()) {
      LOG.warn("Left {} namespace(s) of perflab runs still running: {}", live.size(), live);
    }
    return new LeftoverSweeper.Swept(removed, live);
  }

  /**
   * Deletes the namespace, waits until the cluster has removed it and everything in it, then has {@code afterEach}
   * clear the node of what it left.
   */
  static void delete(KubernetesClient client, String name, Consumer<String> afterEach) {
    client.namespaces().withName(name).delete();
    Namespace left = client.namespaces().withName(name).waitUntilCondition(namespace -> namespace == null,
        GONE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (left != null) {
      LOG.warn("namespace {} still terminating after {} s", name, GONE_TIMEOUT.toSeconds());
      return;
    }
    afterEach.accept(name);
  }
}
