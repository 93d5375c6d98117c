package dev.perflab.harness.launch.kubernetes;

import dev.perflab.harness.launch.LabLabels;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the namespaces runs leave: every labelled one of the prefix when a lab opens (a killed run's, with
 * everything in it), and a run's own when it closes or, failing that, at JVM exit.
 */
final class NamespaceSweeper {

  /** The label the kubelet's Docker runtime (cri-dockerd) puts on every container of a pod. */
  private static final Logger LOG = LoggerFactory.getLogger(NamespaceSweeper.class);
  /** Long enough for pods with a 2 s grace period; a namespace still terminating then is left to the cluster. */
  static final Duration GONE_TIMEOUT = Duration.ofSeconds(90);

  private NamespaceSweeper() {}

  /**
   * Deletes the lab's namespaces whose name starts with {@code prefix-}, waits for them to go, and has
   * {@code afterEach} clear the node of what each left; returns their names.
   */
  static List<String> sweep(KubernetesClient client, String prefix, Consumer<String> afterEach) {
    List<String> names = client.namespaces().withLabel(LabLabels.OWNER_KEY, LabLabels.OWNER_VALUE).list().getItems()
        .stream().map(namespace -> namespace.getMetadata().getName()).filter(name -> name.startsWith(prefix + "-"))
        .toList();
    for (String name : names) {
      delete(client, name, afterEach);
    }
    if (!names.isEmpty()) {
      LOG.warn("Deleted {} namespace(s) left behind by an earlier perflab run: {}", names.size(), names);
    }
    return names;
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
